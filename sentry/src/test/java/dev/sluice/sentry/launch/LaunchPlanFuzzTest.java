package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.sentry.launch.LaunchPlan.Op;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The launch-plan codec under coverage-guided fuzzing. The plan's consumer, {@code sluice-init}, is
 * C (native-shims/src/main/c/init/plan.c) and out of reach of a JVM fuzzer; the Java side is {@link
 * LaunchPlan#encode} and its inverse {@link LaunchPlan#decode}, which tests and diagnostics use to
 * read plans back. Properties: decode refuses malformed framing with an {@link
 * IllegalArgumentException} that says what is wrong, and accepts counts only in the form the C
 * parser accepts (ASCII digits); what it accepts re-encodes to a plan that decodes to the same ops;
 * and every plan the builder makes decodes to itself, byte for byte.
 *
 * <p>Plain {@code mvn verify} runs both targets on the inputs under {@code
 * LaunchPlanFuzzTestInputs/}; the fuzz executions in sentry/pom.xml fuzz them.
 */
class LaunchPlanFuzzTest {

    /** Arbitrary bytes as an encoded plan. */
    @FuzzTest(maxDuration = "10s")
    void decode(byte[] bytes) {
        LaunchPlan plan;
        try {
            plan = LaunchPlan.decode(bytes);
        } catch (IllegalArgumentException refused) {
            String m = String.valueOf(refused.getMessage());
            assertTrue(
                    m.startsWith("truncated token") || m.startsWith("op "),
                    "a refusal names what is malformed, not an internal error: " + m);
            return;
        }
        assertEquals(plan.ops(), LaunchPlan.decode(bytes).ops(), "decoding is deterministic");
        for (Op op : plan.ops()) {
            assertTrue(op.name().indexOf('\0') < 0, "no NUL inside a decoded op name");
            op.args()
                    .forEach(
                            a ->
                                    assertTrue(
                                            a.indexOf('\0') < 0,
                                            "no NUL inside a decoded argument"));
        }
        if (bytes.length > LaunchPlan.MAX_BYTES / 2) {
            return; // re-encoding may legitimately exceed what the sentry sends
        }
        byte[] again = plan.encode();
        LaunchPlan back = LaunchPlan.decode(again);
        assertEquals(plan.ops(), back.ops(), "an accepted plan re-encodes to the same ops");
        assertArrayEquals(again, back.encode(), "and its encoding is then stable");
        int counts = 0;
        for (Op op : plan.ops()) {
            counts += 1 + 1 + op.args().size();
        }
        assertEquals(
                counts,
                tokens(bytes),
                "every token of the input is a name, a count or an argument");
    }

    /** Plans made through the builder's own methods, with fuzzer-chosen values. */
    @FuzzTest(maxDuration = "10s")
    void roundTrip(FuzzedDataProvider data) {
        LaunchPlan.Builder b = LaunchPlan.builder();
        int n = data.consumeInt(0, 24);
        for (int i = 0; i < n; i++) {
            switch (data.consumeInt(0, 17)) {
                case 0 -> b.mkdir(path(data), data.consumeInt(0, 07777));
                case 1 ->
                        b.mount(
                                nullable(data),
                                path(data),
                                nullable(data),
                                data.consumeLong(),
                                nullable(data));
                case 2 -> b.env(text(data));
                case 3 -> b.chdir(path(data));
                case 4 -> b.hostname(text(data));
                case 5 -> b.setns(path(data), data.consumeLong());
                case 6 -> b.join(data.consumeInt(), data.consumeLong(), data.consumeLong());
                case 7 -> b.userns(text(data), text(data));
                case 8 -> b.rlimit(data.consumeInt(), text(data), text(data));
                case 9 ->
                        b.user(
                                data.consumeLong(),
                                data.consumeLong(),
                                List.of(data.consumeLong(), data.consumeLong())
                                        .subList(0, data.consumeInt(0, 2)));
                case 10 -> b.caps(data.consumeLong());
                case 11 -> b.notifyIoctl(data.consumeInt(), data.consumeInt());
                case 12 -> b.denySocket(data.consumeInt(), data.consumeInt(), data.consumeInt());
                case 13 ->
                        b.mknod(
                                path(data),
                                nodeType(data),
                                data.consumeInt(0, 07777),
                                data.consumeLong(),
                                data.consumeLong(),
                                data.consumeLong(),
                                data.consumeLong());
                case 14 ->
                        b.seccompRule(
                                text(data),
                                data.consumeLong(),
                                text(data),
                                List.of(text(data), text(data), text(data), text(data)));
                case 15 -> b.terminal(data.consumeInt(), data.consumeInt());
                case 16 -> b.writeFile(path(data), text(data));
                default ->
                        b.mountSetattr(
                                path(data),
                                data.consumeLong(),
                                data.consumeLong(),
                                data.consumeBoolean());
            }
        }
        List<String> argv = new ArrayList<>();
        for (int i = data.consumeInt(0, 4); i > 0; i--) {
            argv.add(text(data));
        }
        LaunchPlan plan = b.exec(path(data), argv).build();
        boolean encodable =
                plan.ops().stream()
                        .flatMap(op -> op.args().stream())
                        .allMatch(a -> StandardCharsets.UTF_8.newEncoder().canEncode(a));
        byte[] wire;
        try {
            wire = plan.encode();
        } catch (IllegalArgumentException refused) {
            assertTrue(
                    !encodable
                            && refused.getMessage()
                                    .startsWith("launch plan argument is not valid Unicode"),
                    "only a plan with an unpaired surrogate is refused: " + refused.getMessage());
            return;
        }
        assertTrue(encodable, "a plan with an unpaired surrogate is refused, not sent altered");
        LaunchPlan back = LaunchPlan.decode(wire);
        assertEquals(plan.ops(), back.ops(), "decode(encode(plan)) has the plan's ops, in order");
        assertArrayEquals(wire, back.encode(), "and encodes to the same bytes");
    }

    /** Strings the builder takes: any text without NUL, which the encoder refuses by contract. */
    private static String text(FuzzedDataProvider data) {
        return data.consumeString(48).replace('\0', '_');
    }

    /** A node type letter: any char but NUL, which the encoder refuses by contract like any NUL. */
    private static char nodeType(FuzzedDataProvider data) {
        char t = data.consumeChar();
        return t == 0 ? 'c' : t;
    }

    private static String path(FuzzedDataProvider data) {
        return "/" + text(data);
    }

    private static String nullable(FuzzedDataProvider data) {
        return data.consumeBoolean() ? null : text(data);
    }

    private static int tokens(byte[] bytes) {
        int n = 0;
        for (byte x : bytes) {
            n += x == 0 ? 1 : 0;
        }
        return n;
    }
}
