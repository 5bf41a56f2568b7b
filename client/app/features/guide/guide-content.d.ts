// The guide's two virtual modules, built from content/ by scripts/guide-content.ts (decision 0064).
declare module 'virtual:guide-index' {
  import type { GuideArticleSummary, GuideTemplate } from '#shared/guide.ts';
  export const articles: GuideArticleSummary[];
  export const templates: GuideTemplate[];
}

declare module 'virtual:guide-content' {
  import type { GuideArticleBody } from '#shared/guide.ts';
  const content: Record<string, GuideArticleBody>;
  export default content;
}
