// Applies the stored theme before first paint (store: perch-theme, see src/features/theme). A file,
// not an inline script, so that the Content-Security-Policy can forbid inline scripts.
try {
  var s = JSON.parse(localStorage.getItem('perch-theme') || 'null');
  if (s && s.state && (s.state.theme === 'light' || s.state.theme === 'dark')) {
    document.documentElement.setAttribute('data-theme', s.state.theme);
  }
} catch (e) {}
