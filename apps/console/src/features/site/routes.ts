import { FormInput, Link2, SlidersHorizontal } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'site',
  menu: [
    { path: 'site/settings', label: 'menu.settings', icon: SlidersHorizontal, permission: 'site.write' },
    { path: 'site/resources', label: 'menu.resources', icon: Link2, permission: 'site.write' },
    { path: 'site/registration-fields', label: 'menu.registrationFields', icon: FormInput, permission: 'site.write' },
  ],
  routes: [
    {
      path: 'site/settings',
      permission: 'site.write',
      page: lazyPage(() => import('./brand-settings-page'), 'BrandSettingsPage'),
    },
    {
      path: 'site/resources',
      permission: 'site.write',
      page: lazyPage(() => import('./resources-page'), 'ResourcesPage'),
    },
    {
      path: 'site/registration-fields',
      permission: 'site.write',
      page: lazyPage(() => import('./registration-fields-page'), 'RegistrationFieldsPage'),
    },
  ],
};
