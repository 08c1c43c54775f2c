// The guidance HTML (002 §3 "Guidance text") is shown as HTML on /inicial: only the formatting the
// rich-text editor produces survives, on save and again when served (spec README: no unsanitised HTML).
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // A link opens apart from the CRM and gives it no handle on the opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

/** The guidance HTML with scripts, handlers, styles and unknown tags removed. */
export function sanitizeGuidanceHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
