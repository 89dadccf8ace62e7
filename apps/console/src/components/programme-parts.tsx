import { Button } from '@gamehall/ui/button';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/errors';
import type { Tone } from './status-badge';

// What the rewards programmes' list pages share (promotions, missions): the phase badge tones, the
// state buttons and the call behind them, the error line and the fields of the new/edit form.

export type ProgrammePhase = 'draft' | 'scheduled' | 'running' | 'paused' | 'over' | 'ended';

export const PHASE_TONES: Record<ProgrammePhase, Tone> = {
  draft: 'muted',
  scheduled: 'warning',
  running: 'success',
  paused: 'warning',
  over: 'muted',
  ended: 'danger',
};

export const fieldInput = 'rounded-md border border-(--border) bg-(--surface) px-2 py-1';

/**
 * The page's error (of its last call) and the call that moves a programme to another state: the
 * error is shown, never thrown, and the list is read again either way.
 */
export function useProgrammeState(
  setState: (id: number, state: 'active' | 'paused' | 'ended') => Promise<unknown>,
  key: QueryKey,
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const act = async (id: number, state: 'active' | 'paused' | 'ended') => {
    setError(null);
    try {
      await setState(id, state);
    } catch (err) {
      setError(errorMessage(err));
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };
  return { error, setError, act };
}

/** The page's call error, or else the list query's. */
export function ProgrammeError({ error, queryError }: { error: string | null; queryError: unknown }) {
  if (!error && !queryError) return null;
  return (
    <p role="alert" className="mb-3 text-sm text-(--danger)">
      {error ?? errorMessage(queryError)}
    </p>
  );
}

/**
 * Edit (when `onEdit` is given), activate a draft or paused programme, pause a running one, end any
 * not ended. An ended programme is a record of what ran: it can no longer be edited.
 */
export function ProgrammeStateButtons({
  state,
  onAct,
  onEdit,
  labels,
}: {
  state: string;
  onAct: (state: 'active' | 'paused' | 'ended') => void;
  onEdit?: () => void;
  labels: { edit?: string; activate: string; pause: string; end: string };
}) {
  return (
    <div className="flex gap-1">
      {onEdit && state !== 'ended' && (
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onEdit}>
          {labels.edit}
        </Button>
      )}
      {(state === 'draft' || state === 'paused') && (
        <Button className="px-2 py-1 text-xs" onClick={() => onAct('active')}>
          {labels.activate}
        </Button>
      )}
      {state === 'active' && (
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onAct('paused')}>
          {labels.pause}
        </Button>
      )}
      {state !== 'ended' && (
        <Button variant="danger" className="px-2 py-1 text-xs" onClick={() => onAct('ended')}>
          {labels.end}
        </Button>
      )}
    </div>
  );
}

/** The new/edit form of a programme list page, headed by what it does. */
export function ProgrammeForm({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid max-w-3xl gap-3 sm:grid-cols-3" aria-label={title}>
      <h2 className="font-semibold sm:col-span-3">{title}</h2>
      {children}
    </form>
  );
}

/** A labelled input of the programme form. */
export function ProgrammeInput({
  id,
  label,
  type,
  value,
  onChange,
}: {
  id: string;
  label: string;
  type: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <label className="grid gap-1 text-sm" htmlFor={id}>
      {label}
      <input id={id} type={type} className={fieldInput} value={value} onChange={onChange} />
    </label>
  );
}

/** A labelled select of the programme form; the caller gives the options. */
export function ProgrammeSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  children: ReactNode;
}) {
  return (
    <label className="grid gap-1 text-sm" htmlFor={id}>
      {label}
      <select id={id} className={fieldInput} value={value} onChange={onChange}>
        {children}
      </select>
    </label>
  );
}
