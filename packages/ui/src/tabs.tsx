import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

export function Tabs({
  value,
  onValueChange,
  items,
}: {
  value: string;
  onValueChange: (value: string) => void;
  items: { value: string; label: string; content: ReactNode }[];
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange}>
      {items.length > 1 && (
        <RadixTabs.List className="mb-4 flex flex-wrap gap-1 border-b border-(--text-muted)/30">
          {items.map((item) => (
            <RadixTabs.Trigger
              key={item.value}
              value={item.value}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-(--text-muted) data-[state=active]:border-(--accent) data-[state=active]:text-(--accent)"
            >
              {item.label}
            </RadixTabs.Trigger>
          ))}
        </RadixTabs.List>
      )}
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
