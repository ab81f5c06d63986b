export { ProjectsHeaderActions } from './components/projects-header';
export { RecentProjects } from './components/recent-projects';
export { projectsKey } from './api/keys';
