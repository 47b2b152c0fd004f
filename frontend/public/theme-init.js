// Applies the visitor's saved theme (localStorage 'vite-ui-theme') before the app's JavaScript
// loads, so someone who chose dark does not see a light page first. MUI takes over once it runs;
// it uses the same class on <html> ('light' or 'dark').
(function () {
  try {
    var mode = window.localStorage.getItem('vite-ui-theme') || 'light';
    if (mode === 'system') mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    if (mode !== 'dark') mode = 'light';
    document.documentElement.classList.add(mode);
  } catch (e) {
    // Storage unavailable: the default light theme applies.
  }
})();
