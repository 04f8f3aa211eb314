import type { ContentPageDefinition } from './content-pages';

export function ContentPage({ page }: { page: ContentPageDefinition }) {
  return <div>{page.title}</div>;
}
