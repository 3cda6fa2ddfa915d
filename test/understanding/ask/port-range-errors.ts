// Written for recall-raised-words.test.ts, shaped like rfc3986 (heldout7's rfc3986-04): a
// `URIBuilder.add_port` that raises a ValueError for a port below 0 or above 65535, and a
// `Validator.allow_ports` that only keeps the ports in that range and speaks of "the provided ports";
// not copied from it. Without the raised words the validator, whose name and doc carry more of the
// question, comes first.
import { lines } from "../make-repo.ts";

export const builder = lines(
  "class URIBuilder:",
  '    """Builds a URI one part at a time; each add_ method returns a new builder."""',
  "",
  "    def __init__(self, host=None, port=None):",
  "        self.host = host",
  "        self.port = port",
  "",
  "    def add_host(self, host):",
  '        """A builder with this host name."""',
  "        return URIBuilder(host=host, port=self.port)",
  "",
  "    def add_port(self, port):",
  '        """A builder with this port.',
  "",
  "        >>> URIBuilder().add_port(8080).port",
  "        '8080'",
  '        """',
  "        number = int(port)",
  "        if number < 0:",
  '            raise ValueError(f"ports are not allowed to be negative: {number}")',
  "        if number > 65535:",
  '            raise ValueError(f"ports are not allowed to be larger than 65535: {number}")',
  "        return URIBuilder(host=self.host, port=str(number))",
);

export const validators = lines(
  "class Validator:",
  '    """Checks a URI against the hosts and ports it is allowed to have."""',
  "",
  "    def __init__(self):",
  "        self.hosts = set()",
  "        self.ports = set()",
  "",
  "    def allow_hosts(self, *hosts):",
  '        """Accept a URI whose host is one of the provided hosts."""',
  "        self.hosts.update(hosts)",
  "        return self",
  "",
  "    def allow_ports(self, *ports):",
  '        """Accept a URI whose port is one of the provided ports.',
  "",
  "        A port outside 0..65535 can never match a URL, so it is left out.",
  '        """',
  "        for port in ports:",
  "            number = int(port, 10)",
  "            if 0 <= number <= 65535:",
  "                self.ports.add(port)",
  "        return self",
);

export const exceptions = lines(
  "class ValidationError(Exception):",
  '    """A URI failed a check of its Validator."""',
  "",
  "",
  "class InvalidComponentsError(ValidationError):",
  '    """One or more parts of a URI are not valid."""',
  "",
  "    def __init__(self, uri, *parts):",
  "        self.parts = sorted(parts)",
  '        super().__init__(f"invalid parts {self.parts}", uri)',
);

export const portRangeErrors = {
  "src/uribuild/__init__.py": "",
  "src/uribuild/builder.py": builder,
  "src/uribuild/validators.py": validators,
  "src/uribuild/exceptions.py": exceptions,
};
