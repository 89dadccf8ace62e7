import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/**
 * spec §2 "after navigation ... the loading cover hides": while the next page's chunk or data
 * loads, a bar runs along the top and a veil covers the page being left, so a tap that seems to do
 * nothing is not tapped again; the page arriving removes it. The veil fades in only after a short
 * delay (index.css), so a page already loaded never flashes it.
 */
export function LoadingCover() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div className="loading-cover fixed inset-0 z-40 bg-(--surface)/60" data-testid="loading-cover">
      <div
        role="progressbar"
        aria-label={t('common.loading')}
        aria-busy
        className="loading-cover-bar h-1 w-1/3 bg-(--accent)"
      />
    </div>
  );
}
