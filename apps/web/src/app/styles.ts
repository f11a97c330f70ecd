// Mantine's stylesheets, whole and in one place: every component the app uses is styled without a
// list to keep in step (decision 0085); the app's own global styles come after them.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
