import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// Loaded on demand by markdown.tsx. react-markdown never renders raw HTML (no rehype-raw; skipHtml drops it), and
// links open in a new tab without the opener. An unsafe address (javascript:, data:) is emptied by react-markdown's
// urlTransform: such a link is shown as its text, not as a link that reopens the page. GitHub tables (remark-gfm) sit
// in a box that scrolls sideways on a phone.

// Markdown from settings always sits under a card's h2 (お知らせ, ルール, the admin preview): its headings start one
// level below, so a "# " or "## " in the text never makes a second h2 in the card. `#` → h3, `##` → h4, … h6.
const HEADING_SHIFT = 2;
type HeadingTag = 'h3' | 'h4' | 'h5' | 'h6';

function shifted(level: number) {
  const Tag = `h${Math.min(6, level + HEADING_SHIFT)}` as HeadingTag;
  return function ShiftedHeading({ node: _node, className, ...props }: ComponentPropsWithoutRef<'h1'> & ExtraProps) {
    // The class keeps the look of the level the author wrote.
    return <Tag {...props} className={[`markdown__h${level}`, className].filter(Boolean).join(' ')} />;
  };
}

const COMPONENTS: Components = {
  a: ({ node: _node, href, children, ...props }) =>
    href ? (
      <a {...props} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  table: ({ node: _node, ...props }) => (
    <div className="markdown__table">
      <table {...props} />
    </div>
  ),
  h1: shifted(1),
  h2: shifted(2),
  h3: shifted(3),
  h4: shifted(4),
  h5: shifted(5),
  h6: shifted(6),
};

const REMARK_PLUGINS = [remarkGfm];

export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown skipHtml remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
      {children}
    </ReactMarkdown>
  );
}
