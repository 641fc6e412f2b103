import ReactMarkdown from 'react-markdown';

// Loaded on demand by markdown.tsx. react-markdown never renders raw HTML (no rehype-raw; skipHtml drops it), and
// links open in a new tab without the opener.
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown
      skipHtml
      components={{
        a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
      }}
    >
      {children}
    </ReactMarkdown>
  );
}
