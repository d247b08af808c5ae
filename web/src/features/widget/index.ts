// @perch/widget's entry (built by widget/vite.config.ts): the component, its config's types and
// checks, and the app's styles the card needs.
import '@/app/styles/base.css';
import '@/app/styles/components/basics.css';
import '@/app/styles/components/menus-modal.css';
import '@/app/styles/components/card-forms-tables.css';

export { PerchBridge, type PerchBridgeProps } from './PerchBridge';
export { embedSearch, parseWidgetConfig, type ParsedConfig, type PerchWidgetConfig, type WidgetRoute, type WidgetTheme, type WidgetThemeObject } from './config';
