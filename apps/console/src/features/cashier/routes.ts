import { ArrowDownToLine, ArrowUpFromLine, Building2, Landmark, PlugZap, Settings2 } from 'lucide-react';
import { type ConsoleFeature, lazyPage } from '../../app/feature';

export const feature: ConsoleFeature = {
  area: 'cashier',
  menu: [
    { path: 'cashier/deposits', label: 'menu.deposits', icon: ArrowDownToLine, permission: 'cashier.read' },
    { path: 'cashier/withdrawals', label: 'menu.withdrawals', icon: ArrowUpFromLine, permission: 'cashier.read' },
    { path: 'cashier/bank-accounts', label: 'menu.bankAccounts', icon: Landmark, permission: 'cashier.read' },
    { path: 'cashier/house-accounts', label: 'menu.houseAccounts', icon: Building2, permission: 'cashier.read' },
    { path: 'cashier/settings', label: 'menu.settings', icon: Settings2, permission: 'cashier.settings' },
    { path: 'cashier/payment-providers', label: 'menu.providers', icon: PlugZap, permission: 'cashier.settings' },
  ],
  routes: [
    {
      path: 'cashier/deposits',
      permission: 'cashier.read',
      page: lazyPage(() => import('./deposits-page'), 'DepositsPage'),
    },
    {
      path: 'cashier/deposits/:reference',
      permission: 'cashier.read',
      page: lazyPage(() => import('./deposit-page'), 'DepositPage'),
    },
    {
      path: 'cashier/withdrawals',
      permission: 'cashier.read',
      page: lazyPage(() => import('./withdrawals-page'), 'WithdrawalsPage'),
    },
    {
      path: 'cashier/withdrawals/:reference',
      permission: 'cashier.read',
      page: lazyPage(() => import('./withdrawal-page'), 'WithdrawalPage'),
    },
    {
      path: 'cashier/bank-accounts',
      permission: 'cashier.read',
      page: lazyPage(() => import('./bank-accounts-page'), 'BankAccountsPage'),
    },
    {
      path: 'cashier/house-accounts',
      permission: 'cashier.read',
      page: lazyPage(() => import('./house-accounts-page'), 'HouseAccountsPage'),
    },
    {
      path: 'cashier/settings',
      permission: 'cashier.settings',
      page: lazyPage(() => import('./settings-page'), 'SettingsPage'),
    },
    {
      path: 'cashier/payment-providers',
      permission: 'cashier.settings',
      page: lazyPage(() => import('./payment-providers-page'), 'PaymentProvidersPage'),
    },
  ],
};
