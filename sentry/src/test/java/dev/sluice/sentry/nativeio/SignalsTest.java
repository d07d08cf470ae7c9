package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@link Signals} against the C side: every number equals the C library's as {@code
 * sluice-abi-dump} prints it (and every signal the dump prints has its constant), the names match
 * the numbers, and {@link Signals#INIT_FORWARDED} is the list {@code sluice-init} compiles in.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SignalsTest {
    /** The dump lines this test owns. */
    static final String DUMP_PREFIX = "SIG";

    /** Where sluice-init's forwarded signals are listed. */
    private static final Path SIG_C = Path.of("native-shims/src/main/c/init/sig.c");

    private static Map<String, Integer> constants() {
        return AbiDump.intConstants(Signals.class);
    }

    static Stream<Arguments> numbers() {
        return constants().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("numbers")
    void equalsTheCLibrarysNumber(String name, int value) {
        assertEquals(
                AbiDump.value(name),
                value,
                "Signals." + name + " must equal " + name + " of <signal.h>");
    }

    @Test
    void everySignalTheDumpPrintsHasItsConstant() {
        Set<String> missing =
                new TreeSet<>(
                        AbiDump.values().keySet().stream()
                                .filter(n -> n.startsWith(DUMP_PREFIX))
                                .toList());
        missing.removeAll(constants().keySet());
        assertTrue(
                missing.isEmpty(),
                "every SIG* line of sluice-abi-dump is a Signals constant; missing: " + missing);
    }

    @Test
    void namesFollowTheNumbers() {
        for (Map.Entry<String, Integer> e : constants().entrySet()) {
            if (e.getValue() < Signals.NAMES.size()) {
                assertEquals(
                        e.getKey(),
                        "SIG" + Signals.name(e.getValue()),
                        "the name of signal " + e.getValue());
            }
        }
        assertEquals(
                Signals.SIGRTMIN - 2,
                Signals.NAMES.size(),
                "a name for every signal below the kernel's real-time ones");
        assertThrows(IllegalArgumentException.class, () -> Signals.name(0), "signal 0 has no name");
        assertThrows(
                IllegalArgumentException.class,
                () -> Signals.name(Signals.SIGRTMIN),
                "real-time signals have none");
    }

    @Test
    void initForwardsWhatSigCLists() throws IOException {
        String root = System.getProperty("sluice.root");
        assertNotNull(root, "the build sets sluice.root (the repository root)");
        String c = Files.readString(Path.of(root).resolve(SIG_C));
        Matcher m =
                Pattern.compile("static const int forwarded\\[\\]\\s*=\\s*\\{([^}]*)\\}")
                        .matcher(c);
        assertTrue(
                m.find(),
                SIG_C + " lists its forwarded signals as 'static const int forwarded[] = { ... }'");
        List<Integer> listed = new ArrayList<>();
        for (String s : m.group(1).split(",")) {
            Integer n = constants().get(s.strip());
            assertNotNull(n, s.strip() + ", listed in " + SIG_C + ", is a Signals constant");
            listed.add(n);
        }
        assertEquals(
                listed,
                Signals.INIT_FORWARDED,
                "Signals.INIT_FORWARDED is " + SIG_C + "'s list, in its order");
    }

    @Test
    void whatTheJvmForwardsSluiceInitForwardsOn() {
        assertTrue(
                Signals.INIT_FORWARDED.containsAll(Signals.RUN_FORWARDED),
                "sluice run's JVM signals the outer process, which must pass each signal on to init and the workload");
        for (int jvmOwn : List.of(Signals.SIGQUIT, Signals.SIGUSR1)) {
            assertFalse(
                    Signals.CONTAINER_FORWARDED.contains(jvmOwn),
                    Signals.name(jvmOwn) + " is the JVM's own");
        }
        assertEquals(
                List.of("INT", "TERM", "HUP"),
                Signals.names(Signals.RUN_FORWARDED),
                "by name, as sun.misc.Signal takes them");
    }
}
