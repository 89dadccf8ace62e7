import { useFillPlaceholders } from '../../lib/placeholders';
import { parseLegalBody } from './legal-text';

/** A legal text as headings, paragraphs and lists; {site} and {currency} filled from the brand. */
export function LegalBlocks({ body, headingLevel = 2 }: { body: string; headingLevel?: 2 | 3 }) {
  const fill = useFillPlaceholders();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="space-y-3 leading-relaxed">
      {parseLegalBody(body).map((block, i) =>
        block.kind === 'heading' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one text, in order
          <Heading key={i} className="pt-3 text-lg font-bold text-(--accent)">
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
