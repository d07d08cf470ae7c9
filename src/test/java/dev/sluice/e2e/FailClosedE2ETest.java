package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** When the sentry stops answering, trapped calls must not succeed and the sandbox must die. */
@RequiresRoot
class FailClosedE2ETest {

    private static final Pattern CALL = Pattern.compile("^call=(\\d+) rc=(-?\\d+) errno=(\\S+)$");

    record Call(int index, int rc, String errno) {}

    @Test
    @Timeout(60)
    void listenerLossKillsTheSandboxAndNoLaterCallSucceeds() {
        int n = 5;
        Sluice.Result r =
                Sluice.command("run", "--proxy", "pty", "--", Sluice.guest("calls", "20"))
                        .faults("close-listener-after=" + n)
                        .timeout(Duration.ofSeconds(50))
                        .run();

        assertEquals(
                137,
                r.exitCode(),
                "losing the listener must kill the sandbox (SIGKILL: 137)\n" + r);
        assertTrue(
                r.elapsed().compareTo(Duration.ofSeconds(20)) < 0,
                "the sandbox must be killed well before the guest's 30 s sleep ends; took "
                        + r.elapsed().toMillis()
                        + " ms\n"
                        + r);
        assertTrue(
                r.stderr().contains("fail closed"),
                "stderr must say the sentry failed closed\n" + r);

        List<Call> calls = new ArrayList<>();
        for (String line : r.stdoutLines()) {
            Matcher m = CALL.matcher(line);
            if (m.matches()) {
                calls.add(
                        new Call(
                                Integer.parseInt(m.group(1)),
                                Integer.parseInt(m.group(2)),
                                m.group(3)));
            }
        }
        for (int i = 0; i < n; i++) {
            int idx = i;
            Call c =
                    calls.stream()
                            .filter(x -> x.index() == idx)
                            .findFirst()
                            .orElseThrow(
                                    () ->
                                            new AssertionError(
                                                    "call "
                                                            + idx
                                                            + " (before the fault) was not reported\n"
                                                            + r));
            assertEquals(
                    0,
                    c.rc(),
                    "call " + idx + " came before the listener was closed and must succeed\n" + r);
        }
        List<Call> leaked = calls.stream().filter(c -> c.index() >= n && c.rc() == 0).toList();
        assertTrue(
                leaked.isEmpty(),
                "after the sentry closed its listener after "
                        + n
                        + " calls, no trapped call may succeed; these did: "
                        + leaked
                        + "\n"
                        + r);
        for (Call c : calls) {
            if (c.index() >= n) {
                assertEquals(
                        "ENOSYS",
                        c.errno(),
                        "call "
                                + c.index()
                                + " after the listener was closed must fail with ENOSYS\n"
                                + r);
            }
        }
    }
}
