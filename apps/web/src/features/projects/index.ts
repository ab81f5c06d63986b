export { ProjectsHeaderActions } from './components/projects-header';
export { RecentProjects } from './components/recent-projects';
export { projectKeys } from './api/keys';
export { createProject, fetchProject } from './api/project-api';
export { projectQueryOptions, showProjectName, useProject } from './api/use-project';
export { recentProjectsQueryOptions } from './api/use-recent-projects';
export { useRenameProject } from './api/use-project-mutations';
export { useStartNewProject } from './hooks/use-start-new-project';
export { canChange } from './lib/permissions';
