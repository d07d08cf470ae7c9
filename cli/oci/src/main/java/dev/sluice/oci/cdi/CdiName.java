package dev.sluice.oci.cdi;

/**
 * A fully qualified CDI device name, {@code vendor/class=name} ({@code nvidia.com/gpu=0}), with the
 * CDI spec's character rules: vendor and class are letters, digits, {@code _ - .}, beginning and
 * ending with a letter or digit (the vendor a DNS subdomain); the device name may also hold {@code
 * :} and may begin with a digit.
 */
public record CdiName(String vendor, String cls, String name) {
    /** The kind, {@code vendor/class}. */
    public String kind() {
        return vendor + "/" + cls;
    }

    @Override
    public String toString() {
        return kind() + "=" + name;
    }

    /** Whether {@code s} looks like a qualified name rather than a path ({@code --device}). */
    public static boolean isQualified(String s) {
        return !s.startsWith("/") && s.indexOf('/') > 0 && s.indexOf('=') > s.indexOf('/');
    }

    /**
     * Parses {@code vendor/class=name}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static CdiName parse(String s) {
        int slash = s.indexOf('/');
        int eq = s.indexOf('=');
        if (slash <= 0 || eq < slash) {
            throw new IllegalArgumentException(
                    "\"" + s + "\" is not a qualified CDI device name (vendor.com/class=name)");
        }
        CdiName n =
                new CdiName(s.substring(0, slash), s.substring(slash + 1, eq), s.substring(eq + 1));
        checkKind(n.kind());
        checkDevice(n.name());
        return n;
    }

    /**
     * Checks a kind, {@code vendor/class}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void checkKind(String kind) {
        int slash = kind == null ? -1 : kind.indexOf('/');
        if (slash <= 0 || kind.indexOf('/', slash + 1) >= 0) {
            throw new IllegalArgumentException(
                    "kind \"" + kind + "\" is not vendor.com/class (one slash)");
        }
        check("vendor", kind.substring(0, slash), "_-.", 253);
        check("class", kind.substring(slash + 1), "_-.", 63);
    }

    /**
     * Checks a device name.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static void checkDevice(String name) {
        check("device name", name, "_-.:", 255);
    }

    private static void check(String what, String s, String inner, int max) {
        if (s == null || s.isEmpty()) {
            throw new IllegalArgumentException("empty " + what);
        }
        if (s.length() > max) {
            throw new IllegalArgumentException(what + " \"" + s + "\" is longer than " + max);
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean alnum =
                    (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            boolean edge = i == 0 || i == s.length() - 1;
            if (!alnum && (edge || inner.indexOf(c) < 0)) {
                throw new IllegalArgumentException(
                        what
                                + " \""
                                + s
                                + "\": '"
                                + c
                                + "' at "
                                + i
                                + (edge
                                        ? " (it must begin and end with a letter or digit)"
                                        : " (letters, digits and " + inner + " only)"));
            }
        }
    }
}
