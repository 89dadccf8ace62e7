import { studioImage } from '../../studio/src/plugin';
import { PLATFORM_IMAGE, platformStartImage } from './db/database';
import { writeStartImage } from './db/start-image';

/**
 * Writes the build's start images into `folder` (`node dist/main.js --start-images [folder]`, which
 * scripts/builds.mjs runs after each bundle): the platform's database and the house studio's, each
 * migrated to this build's latest. A new embedded database is then unpacked from them (config
 * startImages) in about a second, where initdb and the migrations take ten on two slow cores.
 */
export async function writeStartImages(folder: string): Promise<void> {
  const platform = await platformStartImage();
  writeStartImage(folder, PLATFORM_IMAGE, platform.image, platform.migrations);
  const studio = await studioImage();
  writeStartImage(folder, studio.name, studio.image, studio.migrations);
}
