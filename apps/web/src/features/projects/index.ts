export { ProjectsHeaderActions } from './components/projects-header';
