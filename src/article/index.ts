/** The article stage: labelled page -> article tree -> text | markdown | html | json. */
export * from './types.js';
export { buildArticle, plainInline, blockElement } from './build-article.js';
export { resolveArticleOptions, type ArticleOptions, type ArticleConfig, type ImagePolicy } from './options.js';
export { extractMetadata, normalizeLang, textDirection } from './metadata.js';
export { detectLanguage } from './detect-language.js';
export { inlineText } from './inline.js';
export { isSafeUrl, resolveSafeUrl, urlScheme, type UrlUse } from './urls.js';
export { isTrackingImage } from './images.js';
export { toText } from './to-text.js';
export { toMarkdown } from './to-markdown.js';
export { toXml, toTei, escapeXml, xmlChars, TEI_NAMESPACE } from './to-xml.js';
export { toHtml, escapeHtml, ALLOWED_TAGS, ALLOWED_ATTRIBUTES, DECORATION_ATTRIBUTES, type HtmlOptions, type HtmlTarget, type HtmlDecoration } from './to-html.js';
export { toStyledHtml, formatStyledResult, articleSources, hasSources, type StyledHtmlOptions, type StyledSource } from './to-styled-html.js';
export { safeStyle, isSafeDeclaration, parseDeclarations, STYLE_OUTPUT_PROPERTIES, type Declaration } from './css.js';
export { toJson, jsonBlocks, articleMetadata, clampConfidence, jsonConfidence, articleHeadings, type ArticleJson, type ArticleJsonExtras, type ArticleMetadataJson, type JsonBlock } from './to-json.js';
export { withoutLinks, withoutTables } from './filters.js';
export { findComments } from './comments.js';
