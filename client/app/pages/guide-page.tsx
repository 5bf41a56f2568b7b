import { articles, templates } from 'virtual:guide-index';
import { GuideHome } from '../features/guide/guide-home.tsx';

/** /guide: search, "For you", the articles by theme and the letters to fill in (issue 13). */
export default function GuidePage() {
  return <GuideHome articles={articles} templates={templates} />;
}
