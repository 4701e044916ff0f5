/** Print: the figures only, without the navigation, filter chrome and buttons; charts full width. */
export const PRINT_STYLES = {
  '@media print': {
    '.MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root, [data-print-hide], [role="search"]':
      { display: 'none !important' },
    main: { padding: '0 !important' },
    '[data-print-chart]': {
      flexBasis: '100% !important',
      maxWidth: '100% !important',
      width: '100% !important',
      breakInside: 'avoid',
    },
  },
} as const;
