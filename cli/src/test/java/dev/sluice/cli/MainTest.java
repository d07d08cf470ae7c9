package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.TimeUnit;

/** The command line, in process: {@link Main#execute} returns the exit code and never exits. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MainTest {
    @RegisterExtension final CapturedStdio stdio = new CapturedStdio();

    private String out() {
        return stdio.out();
    }

    private String err() {
        return stdio.err();
    }

    @Test
    void version() {
        assertEquals(0, Main.execute("--version"), "--version exits 0");
        assertTrue(out().startsWith("sluice "), "prints 'sluice VERSION': " + out());
    }

    @Test
    void help() {
        assertEquals(0, Main.execute("--help"), "--help exits 0");
        assertTrue(
                out().contains("run") && out().contains("proxies"),
                "lists the subcommands: " + out());
        assertEquals(0, Main.execute("run", "--help"), "every subcommand has --help");
        assertTrue(out().contains("--rootfs"), "run --help lists run's options: " + out());
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertEquals(
                125,
                Main.execute("--no-such-option"),
                "an unknown option is sluice's own error, 125");
        assertTrue(
                err().contains("sluice: ") && err().contains("--no-such-option"),
                "says what was wrong: " + err());
        assertTrue(err().contains("--help"), "and where to look: " + err());
    }

    @Test
    void unknownRunOptionIsAUsageError() {
        assertEquals(
                125, Main.execute("run", "--bogus", "--", "true"), "an unknown run option is 125");
    }

    @Test
    void runWithoutACommandIsAUsageError() {
        assertEquals(125, Main.execute("run"), "run needs CMD");
        assertTrue(err().contains("CMD"), "names the missing parameter: " + err());
    }

    @Test
    void runWithABadNetworkModeIsAnError() {
        // Fails before anything is started, root or not.
        assertEquals(
                125,
                Main.execute("run", "--net", "bridge", "--", "true"),
                "--net must be host or none");
        assertTrue(err().contains("sluice: "), "one line for the user: " + err());
    }

    @Test
    void proxiesListsEveryInstalledProxy() {
        assertEquals(0, Main.execute("proxies"), "proxies exits 0");
        String listing = out();
        for (String name : new String[] {"pty", "nvproxy", "rdmaproxy"}) {
            assertTrue(
                    listing.lines().anyMatch(l -> l.startsWith(name + " ")),
                    "lists " + name + ":\n" + listing);
        }
    }

    @Test
    void badLogLevelIsAUsageError() {
        assertEquals(
                125,
                Main.execute("--log-level", "bogus", "proxies"),
                "an unknown log level is 125");
        assertTrue(err().contains("bogus"), "names the bad level: " + err());
    }

    @Test
    void goodLogLevelIsAccepted() {
        assertEquals(0, Main.execute("--log-level", "debug", "proxies"), "a known level");
        assertEquals(
                0,
                Main.execute("proxies", "--log-level", "error"),
                "the option is inherited by subcommands");
    }
}
