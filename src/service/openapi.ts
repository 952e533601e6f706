/** The OpenAPI 3.1 description of `pith serve`, served at GET /openapi.json. */
import { NOT_FOUND_REASONS } from '../pipeline/found.js';

export interface OpenApiLimits {
  readonly maxBodyBytes: number;
  readonly timeoutMs: number;
}

const errorResponse = (description: string, headers?: Record<string, unknown>): Record<string, unknown> => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };

const OPTION_PARAMS = [
  { name: 'url', description: 'The page\'s URL (resolves links and images; not fetched with a raw body).', schema: { type: 'string', format: 'uri' } },
  { name: 'favor', description: 'Where the model is unsure: keep less noise (precision) or lose less text (recall).', schema: { type: 'string', enum: ['precision', 'balanced', 'recall'], default: 'balanced' } },
  { name: 'includeComments', description: 'Also give readers\' comments apart, each with its author and date (comments; docs/comments.md); the article stays without them.', schema: { type: 'boolean', default: false } },
  { name: 'keepComments', description: 'Leave readers\' comment sections to the model (forum and Q&A pages, whose replies are the content), as pith extract --keep-comments; otherwise they are discounted.', schema: { type: 'boolean', default: false } },
  { name: 'includeImages', description: 'Keep images, figures and embeds.', schema: { type: 'boolean', default: true } },
  { name: 'includeTables', description: 'Keep data tables.', schema: { type: 'boolean', default: true } },
  { name: 'includeLinks', description: 'Keep links (their text stays either way).', schema: { type: 'boolean', default: true } },
  { name: 'includeLists', description: 'Also the page\'s main repeated list, found without examples (`lists`, [] when none; docs/lists.md). Needs format json.', schema: { type: 'boolean', default: false } },
  { name: 'format', description: 'The reply: the JSON document, or one rendering as text/plain, text/markdown, text/html, application/xml (pith\'s XML, trafilatura\'s shape) or application/tei+xml (TEI P5); txt is text.', schema: { type: 'string', enum: ['json', 'text', 'txt', 'markdown', 'html', 'xml', 'tei'], default: 'json' } },
  { name: 'site', description: 'The model\'s site model to use (a host, or template:...), whatever the page\'s URL or template; default the server\'s --site, else picked by URL host or template.', schema: { type: 'string' } },
  { name: 'timeoutMs', description: 'A shorter time limit for this request (never longer than the server\'s).', schema: { type: 'integer', minimum: 1 } },
];

export function openApiDocument(limits: OpenApiLimits): Record<string, unknown> {
  const requestProps: Record<string, unknown> = {
    html: { type: 'string', description: 'The page\'s HTML.' },
  };
  for (const p of OPTION_PARAMS) requestProps[p.name] = { ...p.schema, description: p.description };
  (requestProps['url'] as Record<string, unknown>)['description'] =
    'The page\'s URL. Without `html`, the server fetches it (http/https; loopback, private, link-local and reserved addresses are refused unless the server runs with --allow-private-urls).';
  return {
    openapi: '3.1.0',
    info: {
      title: 'pith',
      version: '0.1.0',
      description: `Article extraction: title, headings, body text, Markdown and HTML of a web page. Bodies up to ${limits.maxBodyBytes} bytes; each extraction request has ${limits.timeoutMs} ms.`,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    paths: {
      '/extract': {
        post: {
          operationId: 'extract',
          summary: 'Extract the article of a page (HTML in the body, or a URL to fetch).',
          parameters: OPTION_PARAMS.map((p) => ({ in: 'query', required: false, ...p })),
          requestBody: {
            required: true,
            content: {
              'text/html': { schema: { type: 'string' }, description: 'The page itself, in any charset (the Content-Type charset is honoured, else the page\'s own); gzip allowed. Options go in the query.' },
              'application/json': { schema: { $ref: '#/components/schemas/ExtractRequest' } },
            },
          },
          responses: {
            '200': {
              description: 'The article (found: false when the page has none).',
              headers: { 'X-Pith-Found': { description: 'Whether an article was found.', schema: { type: 'string', enum: ['true', 'false'] } } },
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Extraction' } },
                'text/plain': { schema: { type: 'string' } },
                'text/markdown': { schema: { type: 'string' } },
                'text/html': { schema: { type: 'string' } },
              },
            },
            '400': errorResponse('Bad JSON (BAD_REQUEST) or a bad field (BAD_OPTION).'),
            '403': errorResponse('The URL leads to a loopback, private, link-local or reserved address (URL_NOT_ALLOWED).'),
            '408': errorResponse('The request, or its body, arrived too slowly (REQUEST_TIMEOUT).'),
            '413': errorResponse('The body, or the page, is above the limit (TOO_LARGE), or a gzip body inflates past the ratio limit (TOO_COMPRESSED).'),
            '415': errorResponse('Neither HTML nor JSON (UNSUPPORTED_MEDIA_TYPE).'),
            '422': errorResponse('Not an HTML page (NOT_HTML, BAD_GZIP), or it needs more than a worker\'s heap (OUT_OF_MEMORY).'),
            '429': errorResponse('This client holds too many open connections (TOO_MANY_CONNECTIONS).'),
            '431': errorResponse('Request headers above the size limit or over 100 lines (HEADERS_TOO_LARGE).'),
            '502': errorResponse('The URL could not be fetched (FETCH_FAILED).'),
            '503': errorResponse('Too many requests, or heavy pages, in flight (OVERLOADED), or starting / shutting down (UNAVAILABLE).', RETRY_AFTER),
            '504': errorResponse('Over the time limit (TIMEOUT).'),
          },
        },
      },
      '/healthz': {
        get: {
          operationId: 'health',
          summary: 'Readiness: 200 once workers have the model loaded, 503 while starting or shutting down.',
          responses: {
            '200': { description: 'Ready.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
            '503': { description: 'Starting or draining.', headers: RETRY_AFTER, content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } },
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'metrics',
          summary: 'Prometheus metrics (text exposition format 0.0.4).',
          responses: { '200': { description: 'Metrics.', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This description.',
          responses: { '200': { description: 'OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: {
      schemas: {
        ExtractRequest: {
          type: 'object',
          description: 'The page as `html`, or a `url` to fetch; `url` with `html` only names the page.',
          additionalProperties: false,
          properties: requestProps,
          anyOf: [{ required: ['html'] }, { required: ['url'] }],
        },
        Extraction: {
          type: 'object',
          required: ['found', 'title', 'headings', 'body', 'markdown', 'html', 'metadata', 'confidence'],
          properties: {
            found: { type: 'boolean', description: 'False when the page has no article (docs/found.md).' },
            reason: { type: 'string', enum: [...NOT_FOUND_REASONS], description: 'With found false: why the page has no article.' },
            title: { type: 'string' },
            headings: { type: 'array', items: { type: 'string' } },
            body: { type: 'string', description: 'Plain text, paragraphs separated by blank lines.' },
            markdown: { type: 'string' },
            html: { type: 'string', description: 'Sanitised HTML of the article.' },
            metadata: { $ref: '#/components/schemas/Metadata' },
            confidence: { type: 'number', minimum: 0, maximum: 1 },
            comments: { type: 'array', description: 'With includeComments: readers\' comments in page order (docs/comments.md).', items: { type: 'object', required: ['text'], properties: { author: { type: 'string' }, date: { type: 'string' }, text: { type: 'string' } } } },
            fields: { type: 'object', description: 'Named fields by the site model\'s field rules (docs/fields.md): per field its values.', additionalProperties: { type: 'array', items: { type: 'string' } } },
            fieldConfidence: { type: 'object', description: 'Each field value\'s confidence, in the shape of fields.', additionalProperties: { type: 'array', items: { type: 'number' } } },
            records: { type: 'array', description: 'The records of a list page, in page order.', items: { type: 'object', additionalProperties: { type: 'string' } } },
            lists: { type: 'array', description: 'With includeLists: the page\'s main repeated list, found without examples (docs/lists.md); [] when none.', items: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', required: ['text'], properties: { text: { type: 'string' }, href: { type: 'string' } } } } } } },
          },
        },
        Metadata: {
          type: 'object',
          required: ['dir'],
          properties: {
            pageTitle: { type: 'string' }, author: { type: 'string' }, date: { type: 'string' }, siteName: { type: 'string' },
            url: { type: 'string' }, lang: { type: 'string' }, excerpt: { type: 'string' }, image: { type: 'string' },
            dir: { type: 'string', enum: ['ltr', 'rtl'] }, truncated: { const: true },
            fieldWarnings: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, rule: { type: 'string' }, reason: { type: 'string', enum: ['no-value', 'unlike-examples'] }, value: { type: 'string' }, detail: { type: 'string' } } } },
            dropped: {
              type: 'object', description: 'Nodes the per-page budget dropped, by reason.',
              properties: { hidden: { type: 'integer' }, empty: { type: 'integer' }, unwrapped: { type: 'integer' } },
            },
          },
        },
        Health: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: ['starting', 'ready', 'draining'] },
            workers: { type: 'object', properties: { ready: { type: 'integer' }, total: { type: 'integer' }, busy: { type: 'integer' }, heavy: { type: 'integer' }, restarts: { type: 'integer' } } },
            inFlight: { type: 'integer' }, maxInFlight: { type: 'integer' }, heavyInFlight: { type: 'integer' }, reading: { type: 'integer' },
            connections: { type: 'integer' }, queued: { type: 'integer' },
            model: { type: 'object', properties: { path: { type: 'string' }, algorithm: { type: 'string' }, createdAt: { type: 'string' }, trainingCorpora: { type: 'array', items: { type: 'string' } } } },
          },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
        },
      },
    },
  };
}
