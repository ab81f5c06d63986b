export { CitationLink } from './citations/citation-link';
export { CITATION_ELEMENT, CITATION_PROPERTY, remarkCitations } from './citations/remark-citations';
export { KnowledgeToggle } from './components/knowledge-toggle';
export { useHasReadyKnowledge } from './api/use-knowledge-sources';
