// The verifier page's entry: the words of the language the game page linked it with (pages.ts
// fairPage's boot data), the kit's and the games', are loaded before the page draws (fair-page.ts).
import { bootLanguage } from './boot';
import { startFairPage } from './fair-page';
import { loadGameWords } from './game-words';
import { launchLanguage } from './i18n';
import { loadKitWords } from './kit-words';

const language = launchLanguage(bootLanguage());
void Promise.all([loadKitWords(language), loadGameWords(language)]).then(startFairPage);
