import type { FastifyRequest } from 'fastify';
import { eventCounter } from '../../event-metrics';

// Wallet calls of game vendors, by protocol (gamehall's own /vendor/wallet, caleta, evolution), the
// integration, the call and the status answered in the protocol's own words: a provider whose bets
// start failing shows here before its players complain. The time of each call is the request's own
// (gamehall_http_request_duration_seconds, by the protocol's route).

const calls = eventCounter({
  name: 'gamehall_vendor_calls_total',
  help:
    'Wallet calls of game vendors answered, by protocol, vendor (an admitted integration; unknown when ' +
    "the caller was not admitted), call and the protocol's status",
  labelNames: ['protocol', 'vendor', 'call', 'status'],
});

/** The call's name is its route's last segment (bet, win, ...): a bounded set, unlike the URL. */
export function countVendorCall(
  protocol: string,
  request: FastifyRequest,
  vendor: string | undefined,
  status: unknown,
): void {
  const route = request.routeOptions.url ?? '';
  calls.inc({
    protocol,
    vendor: vendor ?? 'unknown',
    call: route.slice(route.lastIndexOf('/') + 1) || 'unknown',
    status: typeof status === 'string' ? status : 'unknown',
  });
}
