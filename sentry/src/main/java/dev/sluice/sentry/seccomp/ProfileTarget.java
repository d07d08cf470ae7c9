package dev.sluice.sentry.seccomp;

import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sandbox a conditional profile is resolved for ({@link SyscallProfile#resolve}): the
 * workload's bounding capabilities, the host's architecture and the running kernel.
 *
 * @param capabilities {@code CAP_*} names of the workload's bounding set
 * @param architecture the host's, by libseccomp's name ({@code x86_64})
 * @param kernel the running kernel's version
 */
public record ProfileTarget(Set<String> capabilities, String architecture, KernelVersion kernel) {
    public ProfileTarget {
        capabilities = Set.copyOf(capabilities);
    }

    /**
     * The host's architecture by libseccomp's name: the JVM's {@code os.arch}, as the engines use
     * the Go one.
     */
    public static String hostArchitecture() {
        String a = System.getProperty("os.arch");
        return switch (a) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64" -> "aarch64";
            default -> a;
        };
    }

    /** A kernel version, {@code MAJOR.MINOR}: what the engines' {@code minKernel} compares. */
    public record KernelVersion(int major, int minor) implements Comparable<KernelVersion> {
        private static final Pattern LEADING = Pattern.compile("^(\\d+)\\.(\\d+)");

        /** The version at the start of {@code s} ({@code 6.18.0-1-amd64}, {@code 4.8}). */
        public static KernelVersion parse(String s) {
            Matcher m = LEADING.matcher(s);
            if (!m.find()) {
                throw new IllegalArgumentException("not a kernel version: '" + s + "'");
            }
            return new KernelVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        }

        /** The running kernel's ({@code uname -r}, which the JVM reports as {@code os.version}). */
        public static KernelVersion running() {
            return parse(System.getProperty("os.version"));
        }

        @Override
        public int compareTo(KernelVersion o) {
            return major != o.major
                    ? Integer.compare(major, o.major)
                    : Integer.compare(minor, o.minor);
        }

        @Override
        public String toString() {
            return major + "." + minor;
        }
    }
}
