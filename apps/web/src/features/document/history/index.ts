export { HistoryButton } from './components/history-button';
