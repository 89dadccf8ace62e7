import type { Conn } from '../db/database';
import { deriveVendorSecret } from '../modules/vendor-gateway/vendor-signature';

// Every vendor gets a seamless-wallet integration served by the house studio. The secret
// is derived from the house secret (config.studioSecret), so the studio computes the same one
// without it ever being stored twice. Inserted only when missing: an operator's change (another
// secret, transfer mode, an IP allow list, disabled) is never overwritten, and two nodes agree.
export async function seedVendorIntegrations(trx: Conn, input: { houseSecret: string; currency: string }) {
  const vendors = await trx.selectFrom('vendors').select('code').execute();
  if (vendors.length === 0) return;
  await trx
    .insertInto('vendor_integrations')
    .values(
      vendors.map((v) => ({
        vendor_code: v.code,
        secret: deriveVendorSecret(input.houseSecret, v.code),
        launch_url: '/studio/play',
        wallet_mode: 'seamless' as const,
        currency: input.currency,
        allowed_ips: [],
        updated_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.column('vendor_code').doNothing())
    .execute();
}
