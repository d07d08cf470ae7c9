package dev.sluice.oci.daemon;

import dev.sluice.oci.OciException;
import dev.sluice.oci.launch.NotifyRule;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The notify rules of a container's seccomp filter, recorded by its sentry in the state directory
 * ({@code traps}) before {@code create} returns. {@code exec} gives its process exactly these
 * rules, and knows from them whether the process needs the sentry at all: with none (no active
 * proxy) nothing is trapped and the sentry has already exited; with some, the process runs only
 * once the sentry serves its listener.
 *
 * <p>One rule per line, {@code MASK VALUE} in unsigned decimal as in the launch plan, the line
 * {@value #WRITES} where a proxy mediates writes (the write family is trapped too: {@link
 * dev.sluice.sentry.launch.WriteTraps}), and the line {@value #OPENS} where the sentry opens some
 * of the container's device nodes itself (the open family is trapped and {@code mknod} of character
 * devices refused: {@link dev.sluice.sentry.launch.OpenTraps}); an empty file means no rule.
 * Replaced atomically; the directory is root's alone (0700).
 */
public final class TrapFile {
    public static final String NAME = "traps";

    /** The line that says the write family is trapped. */
    static final String WRITES = "write-family";

    /** The line that says the open family is trapped and mknod of character devices refused. */
    static final String OPENS = "open-family";

    private TrapFile() {}

    /** Records {@code rules} in {@code stateDir}. */
    public static void write(Path stateDir, List<NotifyRule> rules) throws IOException {
        write(stateDir, rules, false);
    }

    /** Records {@code rules}, and whether the write family is trapped, in {@code stateDir}. */
    public static void write(Path stateDir, List<NotifyRule> rules, boolean writes)
            throws IOException {
        write(stateDir, rules, writes, false);
    }

    /**
     * Records {@code rules}, whether the write family is trapped, and whether the open family is
     * ({@code opens}), in {@code stateDir}.
     */
    public static void write(Path stateDir, List<NotifyRule> rules, boolean writes, boolean opens)
            throws IOException {
        StringBuilder b = new StringBuilder();
        if (writes) {
            b.append(WRITES).append('\n');
        }
        if (opens) {
            b.append(OPENS).append('\n');
        }
        for (NotifyRule r : rules) {
            b.append(Integer.toUnsignedString(r.mask()))
                    .append(' ')
                    .append(Integer.toUnsignedString(r.value()))
                    .append('\n');
        }
        Path tmp = stateDir.resolve(NAME + ".tmp");
        Files.writeString(tmp, b, StandardCharsets.US_ASCII);
        Files.move(
                tmp,
                stateDir.resolve(NAME),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The rules recorded for container {@code id}; fails naming the file if there is none or it is
     * damaged.
     */
    public static List<NotifyRule> read(Path stateDir, String id) {
        Path file = stateDir.resolve(NAME);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new OciException(
                    "container "
                            + id
                            + ": "
                            + file
                            + " is missing: its sentry recorded no trap rules,"
                            + " so a process exec'd into it could not be given the container's seccomp filter");
        } catch (IOException e) {
            throw new OciException(
                    "container " + id + ": cannot read " + file + ": " + e.getMessage(), e);
        }
        List<NotifyRule> rules = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals(WRITES) || lines.get(i).equals(OPENS)) {
                continue;
            }
            String[] f = lines.get(i).split(" ");
            try {
                if (f.length != 2) {
                    throw new IllegalArgumentException("expected MASK VALUE");
                }
                rules.add(
                        new NotifyRule(
                                Integer.parseUnsignedInt(f[0]), Integer.parseUnsignedInt(f[1])));
            } catch (IllegalArgumentException e) {
                throw new OciException(
                        "container "
                                + id
                                + ": "
                                + file
                                + " line "
                                + (i + 1)
                                + " is damaged ("
                                + e.getMessage()
                                + "): "
                                + lines.get(i));
            }
        }
        return rules;
    }

    /**
     * Whether the container's sentry traps the write family; read after {@link #read}, which
     * checked the file.
     */
    public static boolean writes(Path stateDir) {
        return has(stateDir, WRITES);
    }

    /**
     * Whether the container's sentry traps the open family (and its filter refuses mknod of
     * character devices); read after {@link #read}, which checked the file.
     */
    public static boolean opens(Path stateDir) {
        return has(stateDir, OPENS);
    }

    private static boolean has(Path stateDir, String line) {
        try {
            return Files.readAllLines(stateDir.resolve(NAME), StandardCharsets.US_ASCII)
                    .contains(line);
        } catch (IOException e) {
            return false; // read() reported it
        }
    }
}
