import type { TreeNode } from '@gamehall/shared/api/admin-agents';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { treeQuery } from './api';

/** Where an agent's page is: its id in the path, its username for the heading and the grids' filters. */
export function agentPath(agent: { id: number; username: string }): string {
  return `/agents/${agent.id}?username=${encodeURIComponent(agent.username)}`;
}

/**
 * A team tree that loads each level when it is opened (GET /admin/agents/tree?parentId), so a team
 * of any size costs one call per opened member. `parentId` null starts at the top agents.
 */
export function TeamTree({ parentId, label }: { parentId: number | null; label: string }) {
  return (
    <div className="rounded-lg border border-(--border) bg-(--surface-raised) p-3 text-sm">
      <TreeLevel parentId={parentId} label={label} depth={0} />
    </div>
  );
}

function TreeLevel({ parentId, label, depth }: { parentId: number | null; label?: string; depth: number }) {
  const { t } = useTranslation('agents');
  const level = useQuery(treeQuery(parentId));
  if (level.isPending) return <p className="text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  if (level.error)
    return (
      <p role="alert" className="text-(--danger)">
        {errorMessage(level.error)}
      </p>
    );
  if (level.data.length === 0) return <p className="text-(--text-muted)">{t('tree.empty')}</p>;
  return (
    <ul
      aria-label={label}
      className={depth === 0 ? 'flex flex-col gap-1' : 'mt-1 flex flex-col gap-1 border-l border-(--border) pl-4'}
    >
      {level.data.map((node) => (
        <TreeItem key={node.id} node={node} depth={depth} />
      ))}
    </ul>
  );
}

function TreeItem({ node, depth }: { node: TreeNode; depth: number }) {
  const { t } = useTranslation('agents');
  const [open, setOpen] = useState(false);
  const expandable = node.directCount > 0;
  return (
    <li>
      <div className="flex flex-wrap items-center gap-2">
        {expandable ? (
          <button
            type="button"
            aria-expanded={open}
            aria-label={t(open ? 'tree.collapse' : 'tree.expand', { name: node.username })}
            onClick={() => setOpen(!open)}
            className="rounded p-0.5 text-(--text-muted) hover:bg-(--surface)"
          >
            {open ? <ChevronDown size={16} aria-hidden /> : <ChevronRight size={16} aria-hidden />}
          </button>
        ) : (
          <span className="inline-block w-5" aria-hidden />
        )}
        {node.isAgent ? (
          <Link to={agentPath(node)} className="font-semibold text-(--accent) underline">
            {node.username}
          </Link>
        ) : (
          <span>{node.username}</span>
        )}
        <span className="text-xs text-(--text-muted)">
          {node.isAgent ? t('tree.agent', { type: node.type }) : t('tree.member')} ·{' '}
          {t('tree.counts', { direct: node.directCount, team: node.teamSize })}
        </span>
        {node.activeContracts.map((kind) => (
          <span key={kind} className="rounded bg-(--surface) px-1.5 py-0.5 text-xs">
            {t(`kinds.${kind}`)}
          </span>
        ))}
      </div>
      {open && (
        <TreeLevel parentId={node.id} label={t('tree.downlinesOf', { name: node.username })} depth={depth + 1} />
      )}
    </li>
  );
}
