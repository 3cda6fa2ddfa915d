// A Python package with one documented cache class and a test class that exercises it: the ask
// tests that weigh code against tests share it.
import { lines } from "../make-repo.ts";

export const ttlCacheRepo: Record<string, string> = {
  "pkg/__init__.py": "",
  "pkg/cache.py": lines(
    "class TTLCache:",
    '    """Cache whose items expire after a time to live (ttl)."""',
    "",
    "    def __init__(self, ttl):",
    "        self.ttl = ttl",
    "        self.items = {}",
    "",
    "    def ttl_of(self, key):",
    '        """The time to live left for a cached key."""',
    "        return self.items[key] - self.ttl",
  ),
  "tests/test_ttl.py": lines(
    "from pkg.cache import TTLCache",
    "",
    "",
    "class TTLCacheTest:",
    "    def test_expired_key_is_missing(self):",
    "        cache = TTLCache(ttl=1)",
    '        cache.items["a"] = 0',
    '        assert cache.ttl_of("a") == -1',
  ),
};
