package dev.sluice.nvproxy.driver;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An NVIDIA driver version, {@code 580.159.04}: branch, minor and an optional patch. Ordered
 * numerically, so {@code 580.159.04} is newer than {@code 580.142}.
 */
public record DriverVersion(int branch, int minor, int patch) implements Comparable<DriverVersion> {
    private static final Pattern FORM =
            Pattern.compile("(\\d{3,4})\\.(\\d{1,3})(?:\\.(\\d{1,3}))?");

    /** Parses {@code 580.159.04} or {@code 580.142}; throws with the text on anything else. */
    public static DriverVersion parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "not an NVIDIA driver version: '" + text + "' (expected e.g. 580.159.04)");
        }
        return new DriverVersion(
                Integer.parseInt(m.group(1)),
                Integer.parseInt(m.group(2)),
                m.group(3) == null ? -1 : Integer.parseInt(m.group(3)));
    }

    @Override
    public int compareTo(DriverVersion o) {
        int c = Integer.compare(branch, o.branch);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        return c != 0 ? c : Integer.compare(patch, o.patch);
    }

    @Override
    public String toString() {
        return patch < 0 ? branch + "." + minor : String.format("%d.%d.%02d", branch, minor, patch);
    }
}
