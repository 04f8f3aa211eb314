import type { ReactNode } from 'react';

export interface ContentPageDefinition {
  path: string;
  title: string;
  eyebrow?: string;
  intro: string;
  body: ReactNode;
}

export const contentPages: ContentPageDefinition[] = [];
