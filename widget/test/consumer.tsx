// A partner's file using @perch/widget's declarations (widget/scripts/types-check.mjs compiles it
// against widget/dist). The wrong uses at the end must be errors: declarations that were missing
// or typed `any` would let them through, and tsc then reports the unused @ts-expect-error.
import { embedSearch, parseWidgetConfig, PerchBridge, type ParsedConfig, type PerchBridgeProps, type PerchWidgetConfig, type WidgetRoute, type WidgetTheme, type WidgetThemeObject } from '@perch/widget';

const routes: WidgetRoute[] = [{ from: 8453, to: 42161 }];
const theme: WidgetThemeObject = { mode: 'light', primary: '#ff0066', radius: '4px' };
const config: PerchWidgetConfig = { apiUrl: 'https://perch.example', routes, tokens: ['ETH'], theme, channel: 7, defaultFrom: 8453, defaultTo: 42161 };
const props: PerchBridgeProps = { config };

export const card = <PerchBridge {...props} />;
export const dark: WidgetTheme = 'dark';
export const search: string = embedSearch({ channel: 7, theme: dark });
const parsed: ParsedConfig = parseWidgetConfig(JSON.parse('{"apiUrl": ""}'));
export const reasons: string[] = parsed.ok ? [] : parsed.errors;

// @ts-expect-error apiUrl is required
export const noServer: PerchWidgetConfig = { channel: 7 };
// @ts-expect-error a theme is 'light', 'dark' or an object
export const pink: WidgetTheme = 'pink';
// @ts-expect-error the component takes its settings as `config`
export const loose = <PerchBridge apiUrl="https://perch.example" />;
// @ts-expect-error chain ids are numbers
export const named: WidgetRoute = { from: 'base', to: 42161 };
