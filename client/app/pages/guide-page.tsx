import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function GuidePage() {
  return <PagePlaceholder title="Guide" description="Find guidance and ideas for supporting your child at home and at school." />;
}
