package dev.sluice.sentry.seccomp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built-in default profile of {@code sluice run}: the container engines' default profile
 * (moby/profiles seccomp/default.json; the resource {@code default.profile} names the version it
 * mirrors), kept as a resource in Sluice's own line format, which the resource itself describes.
 * What it holds is conditional: {@link SyscallProfile#resolve} resolves it for a sandbox's
 * capabilities, the host's architecture and kernel, as the engines do for a container's.
 */
public final class DefaultProfile {
    static final String RESOURCE = "default.profile";

    /** {@code errno(N)}: the action with its errno; {@code allow}. */
    private static final Pattern ERRNO_ACTION = Pattern.compile("errno\\((\\d{1,4})\\)");

    /** {@code argN OP VALUE} and {@code argN&MASK==VALUE}; values decimal or {@code 0x} hex. */
    private static final Pattern ARG =
            Pattern.compile(
                    "arg([0-5])(?:&((?:0x)?\\p{XDigit}+))?(<=|>=|==|!=|<|>)((?:0x)?\\p{XDigit}+)");

    private static final Map<String, String> COMPARISON =
            Map.of(
                    "<",
                    "SCMP_CMP_LT",
                    "<=",
                    "SCMP_CMP_LE",
                    "==",
                    "SCMP_CMP_EQ",
                    "!=",
                    "SCMP_CMP_NE",
                    ">=",
                    "SCMP_CMP_GE",
                    ">",
                    "SCMP_CMP_GT");
    private static final Pattern CAPABILITY = Pattern.compile("CAP_[A-Z_]+");

    private static volatile Parsed cached;

    private DefaultProfile() {}

    /** The profile as the resource states it: conditional, with every architecture map. */
    record Parsed(SyscallProfile profile, Map<String, List<String>> archMap) {}

    /**
     * The default profile on this host, still conditional on the sandbox: its architectures are the
     * host's and its sub-architectures (the engines' {@code archMap}); {@link
     * SyscallProfile#resolve} it for the sandbox's capabilities before it goes into a plan.
     */
    public static SyscallProfile get() {
        Parsed p = load();
        return p.profile().withArchitectures(p.archMap(), ProfileTarget.hostArchitecture());
    }

    static Parsed load() {
        Parsed p = cached;
        if (p == null) {
            try (InputStream in = DefaultProfile.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(
                            "the default seccomp profile "
                                    + RESOURCE
                                    + " is missing from the build");
                }
                p = parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            cached = p;
        }
        return p;
    }

    /** Parses the format the resource describes; a bad line fails naming its number. */
    static Parsed parse(String text) {
        String defaultAction = null;
        long defaultErrno = 0;
        Map<String, List<String>> archMap = new LinkedHashMap<>();
        List<SyscallRule> rules = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = strip(lines[i]);
            if (line.isBlank()) {
                continue;
            }
            int at = i + 1;
            try {
                if (Character.isWhitespace(line.charAt(0))) {
                    throw new IllegalArgumentException("an indented line belongs to a rule");
                }
                if (line.startsWith("default ")) {
                    Action a = action(line.substring("default ".length()).trim());
                    defaultAction = a.name();
                    defaultErrno = a.errno();
                    continue;
                }
                int colon = line.indexOf(':');
                if (colon < 0) {
                    throw new IllegalArgumentException("no ':' before the names");
                }
                String[] head = line.substring(0, colon).trim().split("\\s+");
                List<String> names = words(line.substring(colon + 1));
                if (head[0].equals("arch")) {
                    if (head.length != 2) {
                        throw new IllegalArgumentException("arch NATIVE: SUB...");
                    }
                    archMap.put(head[1], names);
                    continue;
                }
                while (i + 1 < lines.length
                        && !lines[i + 1].isEmpty()
                        && Character.isWhitespace(lines[i + 1].charAt(0))
                        && !strip(lines[i + 1]).isBlank()) {
                    names.addAll(words(strip(lines[++i])));
                }
                rules.add(rule(head, names));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        RESOURCE + " line " + at + ": " + e.getMessage(), e);
            }
        }
        if (defaultAction == null) {
            throw new IllegalArgumentException(RESOURCE + ": no default action");
        }
        return new Parsed(
                new SyscallProfile(defaultAction, defaultErrno, List.of(), List.of(), rules),
                Map.copyOf(archMap));
    }

    private record Action(String name, long errno) {}

    private static Action action(String token) {
        if (token.equals("allow")) {
            return new Action(SyscallProfile.ALLOW, 0);
        }
        Matcher m = ERRNO_ACTION.matcher(token);
        if (m.matches()) {
            return new Action(SyscallProfile.ERRNO, Long.parseLong(m.group(1)));
        }
        throw new IllegalArgumentException("unknown action '" + token + "' (allow or errno(N))");
    }

    private static SyscallRule rule(String[] head, List<String> names) {
        Action a = action(head[0]);
        Set<String> inCaps = new LinkedHashSet<>();
        Set<String> exCaps = new LinkedHashSet<>();
        Set<String> inArches = new LinkedHashSet<>();
        Set<String> exArches = new LinkedHashSet<>();
        ProfileTarget.KernelVersion inKernel = null;
        ProfileTarget.KernelVersion exKernel = null;
        List<SyscallRule.ArgCondition> args = new ArrayList<>();
        for (int k = 1; k < head.length; k++) {
            String c = head[k];
            if (c.startsWith("if-cap=")) {
                inCaps.add(capability(c.substring("if-cap=".length())));
            } else if (c.startsWith("unless-cap=")) {
                exCaps.add(capability(c.substring("unless-cap=".length())));
            } else if (c.startsWith("if-arch=")) {
                inArches.addAll(List.of(c.substring("if-arch=".length()).split(",")));
            } else if (c.startsWith("unless-arch=")) {
                exArches.addAll(List.of(c.substring("unless-arch=".length()).split(",")));
            } else if (c.startsWith("if-kernel>=")) {
                inKernel = ProfileTarget.KernelVersion.parse(c.substring("if-kernel>=".length()));
            } else if (c.startsWith("unless-kernel>=")) {
                exKernel =
                        ProfileTarget.KernelVersion.parse(c.substring("unless-kernel>=".length()));
            } else {
                args.add(argument(c));
            }
        }
        RuleScope scope =
                new RuleScope(
                        new RuleScope.Requirement(inCaps, inArches, inKernel),
                        new RuleScope.Requirement(exCaps, exArches, exKernel));
        return new SyscallRule(a.name(), a.errno(), names, args, scope);
    }

    private static String capability(String name) {
        if (!CAPABILITY.matcher(name).matches()) {
            throw new IllegalArgumentException("not a capability: '" + name + "'");
        }
        return name;
    }

    private static SyscallRule.ArgCondition argument(String c) {
        Matcher m = ARG.matcher(c);
        if (!m.matches()) {
            throw new IllegalArgumentException("unknown condition '" + c + "'");
        }
        int index = Integer.parseInt(m.group(1));
        long value = number(m.group(4));
        if (m.group(2) != null) {
            if (!m.group(3).equals("==")) {
                throw new IllegalArgumentException(
                        "a masked condition compares with ==: '" + c + "'");
            }
            return new SyscallRule.ArgCondition(
                    index, "SCMP_CMP_MASKED_EQ", number(m.group(2)), value);
        }
        return new SyscallRule.ArgCondition(index, COMPARISON.get(m.group(3)), value, 0);
    }

    private static long number(String s) {
        return s.startsWith("0x")
                ? Long.parseUnsignedLong(s.substring(2), 16)
                : Long.parseUnsignedLong(s);
    }

    private static String strip(String line) {
        int hash = line.indexOf('#');
        return (hash < 0 ? line : line.substring(0, hash)).stripTrailing();
    }

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        for (String w : s.trim().split("\\s+")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }
}
