// Async boundary: lets the standalone app negotiate shared singletons first.
import('./bootstrap');
