export { useChangeName } from './api/use-change-name';
export { NameFields, useNameForm } from './components/name-fields';
