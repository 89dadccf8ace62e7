import { MISSION_PERIODS, MISSION_REWARD_KINDS, MISSION_TASKS } from '@gamehall/shared/api/missions';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import {
  PHASE_TONES,
  ProgrammeError,
  ProgrammeForm,
  ProgrammeInput,
  ProgrammeSelect,
  ProgrammeStateButtons,
  useProgrammeState,
} from '../../components/programme-parts';
import { StatusBadge } from '../../components/status-badge';
import { TicketKindSelect } from '../../components/ticket-kind-select';
import { weightErrors } from '../../components/wagering-weights';
import { WeightInputs } from '../../components/weight-inputs';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { missionsKey, missionsQuery, saveMission, setMissionState } from './api';
import {
  emptyMissionForm,
  hasWagering,
  type MissionForm,
  type MissionFormField,
  missionFormOf,
  missionPayload,
} from './mission-form';

/**
 * Missions in the back office: a new one is a draft; activating it runs it from its start;
 * running ones pause and resume; ending is final. Editing keeps the terms of periods under way.
 * Rules are checked by the server's shared schema (its field errors are shown as they come).
 */
export function MissionsPage() {
  const { t } = useTranslation('missions');
  const id = useId();
  const writable = useCan()('promotions.write');
  const queryClient = useQueryClient();
  const query = useQuery(missionsQuery);
  const { error, setError, act } = useProgrammeState(setMissionState, missionsKey);
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<MissionForm>(emptyMissionForm);
  const [showWeightErrors, setShowWeightErrors] = useState(false);
  const set = (key: MissionFormField) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (hasWagering(form) && Object.keys(weightErrors(form.weights)).length > 0) {
      setShowWeightErrors(true);
      return;
    }
    try {
      await saveMission(editing, missionPayload(form));
      setEditing(null);
      setForm(emptyMissionForm());
      setShowWeightErrors(false);
      await queryClient.invalidateQueries({ queryKey: missionsKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const rows = query.data ?? [];
  return (
    <div>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <ProgrammeError error={error} queryError={query.error} />
      <PlainTable
        caption={t('list.title')}
        collapse
        columns={[
          { label: t('fields.id'), numeric: true },
          { label: t('fields.title') },
          { label: t('fields.period') },
          { label: t('fields.task') },
          { label: t('fields.target'), numeric: true },
          { label: t('fields.reward'), numeric: true },
          { label: t('fields.phase') },
          { label: t('fields.startsAt') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {rows.map((m) => (
          <tr key={m.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 text-right tabular-nums">{m.id}</td>
            <td className="px-3 py-2">{m.texts.en?.title}</td>
            <td className="px-3 py-2">
              {t(`periods.${m.period}`)}
              {m.period === 'newbie' ? ` (${t('list.days', { n: m.newbieDays })})` : ''}
            </td>
            <td className="px-3 py-2">
              {t(`tasks.${m.task}`)}
              {m.gameType ? ` · ${m.gameType}` : ''}
              {m.minDeposit !== null ? ` · ≥ ${m.minDeposit}` : ''}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{m.target}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {m.rewardAmount} {t(`rewardKinds.${m.rewardKind}`)}
            </td>
            <td className="px-3 py-2">
              <StatusBadge label={t(`phases.${m.phase}`)} tone={PHASE_TONES[m.phase]} />
            </td>
            <td className="px-3 py-2 text-xs">{formatDateTime(m.startsAt)}</td>
            {writable && (
              <td className="px-3 py-2">
                <ProgrammeStateButtons
                  state={m.state}
                  onAct={(state) => act(m.id, state)}
                  onEdit={() => {
                    setEditing(m.id);
                    setForm(missionFormOf(m));
                    setShowWeightErrors(false);
                  }}
                  labels={{
                    edit: t('list.edit'),
                    activate: t('list.activate'),
                    pause: t('list.pause'),
                    end: t('list.end'),
                  }}
                />
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      {writable && (
        <ProgrammeForm onSubmit={submit} title={editing === null ? t('list.new') : t('list.editing', { id: editing })}>
          {(
            [
              ['period', MISSION_PERIODS, 'periods'],
              ['task', MISSION_TASKS, 'tasks'],
              ['rewardKind', MISSION_REWARD_KINDS, 'rewardKinds'],
            ] as const
          ).map(([key, options, labels]) => (
            <ProgrammeSelect
              key={key}
              id={`${id}-${key}`}
              label={t(`fields.${key}`)}
              value={form[key]}
              onChange={set(key)}
            >
              {options.map((x) => (
                <option key={x} value={x}>
                  {t(`${labels}.${x}`)}
                </option>
              ))}
            </ProgrammeSelect>
          ))}
          {(
            [
              ['title', 'text', true],
              ['description', 'text', true],
              ['target', 'number', true],
              ['rewardAmount', 'number', true],
              ['wageringMultiple', 'number', form.rewardKind === 'bonus'],
              ['wageringDays', 'number', form.rewardKind === 'bonus'],
              ['newbieDays', 'number', form.period === 'newbie'],
              ['minDeposit', 'number', form.task === 'deposit'],
              ['gameType', 'text', form.task === 'bet' || form.task === 'rounds'],
              ['claimDays', 'number', true],
              ['startsAt', 'datetime-local', true],
              ['endsAt', 'datetime-local', true],
              ['sort', 'number', true],
            ] as const
          )
            .filter(([, , shown]) => shown)
            .map(([key, type]) => (
              <ProgrammeInput
                key={key}
                id={`${id}-${key}`}
                label={t(`fields.${key}`)}
                type={type}
                value={form[key]}
                onChange={set(key)}
              />
            ))}
          {form.rewardKind === 'ticket' && (
            <TicketKindSelect
              id={`${id}-rewardTicketKindId`}
              label={t('fields.rewardTicketKindId')}
              value={form.rewardTicketKindId}
              onChange={set('rewardTicketKindId')}
            />
          )}
          {hasWagering(form) && (
            <WeightInputs
              idPrefix={`${id}-weight`}
              weights={form.weights}
              errors={showWeightErrors ? weightErrors(form.weights) : {}}
              onChange={(weights) => setForm({ ...form, weights })}
            />
          )}
          <p className="text-xs text-(--text-muted) sm:col-span-3">{t('list.targetHint')}</p>
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit">{editing === null ? t('list.create') : t('list.save')}</Button>
            {editing !== null && (
              <Button
                variant="ghost"
                onClick={() => {
                  setEditing(null);
                  setForm(emptyMissionForm());
                  setShowWeightErrors(false);
                }}
              >
                {t('list.cancel')}
              </Button>
            )}
          </div>
        </ProgrammeForm>
      )}
    </div>
  );
}
