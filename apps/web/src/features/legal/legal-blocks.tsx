import { parseLegalBody } from './legal-text';

/**
 * A legal text as headings, paragraphs and lists; `fill` puts the brand's {site} and {currency} in.
 * The caller in the first chunk passes useFillPlaceholders() (app/layout/legal-hosts.tsx says why).
 */
export function LegalBlocks({
  body,
  fill,
  headingLevel = 2,
}: {
  body: string;
  fill: (text: string) => string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-3 leading-relaxed">
      {parseLegalBody(body).map((block, i) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in order
          <Heading key={i} className={`pt-3 font-bold text-(--accent) ${headingLevel === 2 ? 'text-lg' : 'text-base'}`}>
            {fill(block.text)}
          </Heading>
        ) : block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ul key={i} className="list-disc space-y-1 ps-6">
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <li key={j}>{fill(item)}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <p key={i}>{fill(block.text)}</p>
        ),
      )}
    </div>
  );
}
