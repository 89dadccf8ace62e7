import type { ReferralLink } from '@gamehall/shared/api/agents';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../components/copy-value';
import { LinkQr, LinkShare } from '../../components/link-qr';
import { ResponsiveTable } from '../../components/responsive-table';
import { useMoney } from '../../components/use-money';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { createReferralLink, referralLinksQuery, referralQuery, updateReferralLink } from './api';
import { AgentTitle, cell, ErrorLine, Loaded, numCell, rowClass } from './components';

/** The longest link name the server takes (shared ReferralLinkName). */
const NAME_MAX = 40;

/**
 * spec §2 referral link: the agent's registration link (a visitor opening it registers under the
 * agent), a copy button and its QR code, drawn in the browser with the site's qrcode library. Below
 * it, the agent's named links: each with its clicks, registrations and first deposits,
 * to rename, disable or enable again.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const referral = useQuery(referralQuery(token));
  return (
    <div>
      <AgentTitle>{t('agent.menu.referralLink')}</AgentTitle>
      <Loaded query={referral}>
        {(r) => (
          <LinkShare
            link={r.link}
            code={r.affiliateCode}
            texts={{
              link: t('agent.referral.link'),
              code: t('agent.referral.code'),
              hint: t('agent.referral.hint'),
              copy: (label) => t('agent.referral.copy', { label }),
              copied: t('agent.referral.copied'),
              qrAlt: t('agent.referral.qrAlt'),
              qrCaption: t('agent.referral.qrCaption'),
            }}
            testIds={{ link: 'referral-link', code: 'referral-code', qr: 'referral-qr' }}
          />
        )}
      </Loaded>
      {/* The default link exists once the call above has answered (created on first ask). */}
      {referral.data && <ReferralLinks />}
    </div>
  );
}

function ReferralLinks() {
  const { t } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const links = useQuery(referralLinksQuery(token));
  const [name, setName] = useState('');
  const [qrFor, setQrFor] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['agent'] });
  const create = useMutation({
    mutationFn: createReferralLink,
    onSuccess: () => {
      setName('');
      void refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim());
  };
  return (
    <section className="mt-8" aria-labelledby="referral-links-title">
      <h2 id="referral-links-title" className="mb-1 text-lg font-bold">
        {t('agent.referral.links')}
      </h2>
      <p className="mb-4 text-sm text-(--text-muted)">{t('agent.referral.linksHint')}</p>
      <Loaded query={links}>
        {(v) => {
          const active = v.list.filter((l) => l.active).length;
          const shown = v.list.find((l) => l.code === qrFor);
          return (
            <>
              <form onSubmit={submit} className="mb-4 flex max-w-xl flex-wrap items-end gap-3">
                <div className="min-w-0 flex-1">
                  <Field
                    label={t('agent.referral.name')}
                    value={name}
                    maxLength={NAME_MAX}
                    onChange={(e) => setName(e.target.value)}
                    hint={t('agent.referral.activeCount', { active, max: v.maxActive })}
                    error={create.isError ? errorMessage(t, create.error) : undefined}
                    data-testid="referral-link-name"
                  />
                </div>
                <Button
                  type="submit"
                  className="mb-3"
                  disabled={!name.trim() || create.isPending || active >= v.maxActive}
                  data-testid="referral-link-add"
                >
                  {t('agent.referral.add')}
                </Button>
              </form>
              <ResponsiveTable
                caption={t('agent.referral.links')}
                columns={[
                  t('agent.referral.name'),
                  t('agent.referral.linkColumn'),
                  { label: t('agent.referral.clicks'), align: 'end' },
                  { label: t('agent.referral.registrations'), align: 'end' },
                  { label: t('agent.referral.firstDeposits'), align: 'end' },
                  { label: t('agent.referral.firstDepositAmount'), align: 'end' },
                  t('agent.common.status'),
                  { label: t('agent.referral.actions'), srOnly: true },
                ]}
                empty={v.list.length === 0}
                emptyText={t('agent.common.noRecords')}
                testId="referral-links"
              >
                {v.list.map((link) => (
                  <LinkRow
                    key={link.code}
                    link={link}
                    canEnable={active < v.maxActive}
                    qrShown={qrFor === link.code}
                    onQr={() => setQrFor(qrFor === link.code ? null : link.code)}
                    onChanged={() => void refresh()}
                  />
                ))}
              </ResponsiveTable>
              <p className="mt-2 text-xs text-(--text-muted)">{t('agent.referral.clicksNote')}</p>
              {shown && (
                <div className="mt-4 inline-block">
                  <LinkQr
                    link={shown.link}
                    alt={t('agent.referral.qrAlt')}
                    caption={shown.name ?? t('agent.referral.defaultName')}
                    failedText={errorMessage(t, null)}
                    testId="referral-link-qr"
                  />
                </div>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

function LinkRow({
  link,
  canEnable,
  qrShown,
  onQr,
  onChanged,
}: {
  link: ReferralLink;
  canEnable: boolean;
  qrShown: boolean;
  onQr: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const [editing, setEditing] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (body: { name?: string; active?: boolean }) => updateReferralLink(link.code, body),
    onSuccess: () => {
      setEditing(null);
      onChanged();
    },
  });
  const label = link.name ?? t('agent.referral.defaultName');
  const saveName = (e: FormEvent) => {
    e.preventDefault();
    if (editing?.trim()) update.mutate({ name: editing.trim() });
  };
  return (
    <tr className={rowClass} data-testid={`referral-link-row-${link.code}`}>
      <td className={cell}>
        {editing === null ? (
          <span className={link.active ? 'font-semibold' : 'text-(--text-muted)'}>{label}</span>
        ) : (
          <form onSubmit={saveName} className="flex items-center gap-2">
            <input
              aria-label={t('agent.referral.name')}
              value={editing}
              maxLength={NAME_MAX}
              onChange={(e) => setEditing(e.target.value)}
              className="w-40 rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1 text-sm"
              data-testid="referral-link-rename-input"
            />
            <Button type="submit" variant="secondary" className="px-2 py-1" disabled={update.isPending}>
              {t('agent.referral.save')}
            </Button>
            <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
          </form>
        )}
        {update.isError && <ErrorLine error={update.error} />}
      </td>
      <td className={`${cell} max-w-md whitespace-normal`}>
        <dl>
          <CopyValue
            label={link.code}
            value={link.link}
            copyLabel={t('agent.referral.copy', { label })}
            copiedText={t('agent.referral.copied')}
          />
        </dl>
      </td>
      <td className={numCell}>{link.clicks}</td>
      <td className={numCell}>{link.registrations}</td>
      <td className={numCell}>{link.firstDeposits}</td>
      <td className={numCell}>{money(link.firstDepositAmount)}</td>
      <td className={cell}>{link.active ? t('agent.referral.active') : t('agent.referral.disabled')}</td>
      <td className={`${cell} space-x-2 rtl:space-x-reverse`}>
        <Button variant="ghost" className="px-2 py-1" aria-pressed={qrShown} onClick={onQr}>
          {t('agent.referral.qr')}
        </Button>
        {editing === null && (
          <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(link.name ?? '')}>
            {t('agent.referral.rename')}
          </Button>
        )}
        {link.active ? (
          <Button
            variant="ghost"
            className="px-2 py-1"
            disabled={update.isPending}
            onClick={() => update.mutate({ active: false })}
            data-testid="referral-link-disable"
          >
            {t('agent.referral.disable')}
          </Button>
        ) : (
          <Button
            variant="ghost"
            className="px-2 py-1"
            disabled={update.isPending || !canEnable}
            onClick={() => update.mutate({ active: true })}
          >
            {t('agent.referral.enable')}
          </Button>
        )}
      </td>
    </tr>
  );
}
