package dev.sluice.rdmaproxy.rdmacm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Execute;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.GuestPointer;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmDecision.Refuse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * rdma_cm commands under coverage-guided fuzzing: the input is a run of commands as a guest writes
 * them ({@code rdma_ucm_cmd_hdr} and struct each, split where each header's {@code in} says),
 * decided in turn by a policy in each mode (execute, as a sentry that runs the commands itself
 * would, feeding every CREATE_ID a response so that later commands name live ids; and kernel-run,
 * as RDMAProxy uses it today). That drives framing ({@link RdmaCmCommand}), every command's rule,
 * the address checks ({@link RdmaCmAddress}), id tracking and the options.
 *
 * <p>Checked on every input: the policy answers (no exception); a refusal is one rdma_cm line with
 * an errno; an executed command's bytes are as long as the command written, and every pointer it
 * names lies inside them; decisions are deterministic.
 */
class RdmaCmFuzzTest {
    private static final RdmaCmSandbox SANDBOX = RdmaCmPolicyTest.SANDBOX;

    @FuzzTest(maxDuration = "10s")
    void rdmaCmWrites(byte[] input) {
        List<String> first = run(input);
        assertEquals(first, run(input), "the same commands get the same decisions");
    }

    private static List<String> run(byte[] input) {
        RdmaCmPolicy execute = new RdmaCmPolicy(SANDBOX, 64);
        RdmaCmPolicy kernel = RdmaCmPolicy.kernelRun(SANDBOX);
        List<String> out = new ArrayList<>();
        int at = 0;
        long nextId = 0;
        while (at < input.length && out.size() < 64) {
            int in =
                    at + 6 <= input.length
                            ? (input[at + 4] & 0xff) | (input[at + 5] & 0xff) << 8
                            : 0;
            int end = Math.min(input.length, at + 8 + in);
            byte[] written = Arrays.copyOfRange(input, at, end);
            at = end;
            for (RdmaCmPolicy p : List.of(execute, kernel)) {
                RdmaCmDecision d = p.decide(written);
                out.add(check(written, d));
                if (p == execute && d instanceof Execute e) {
                    byte[] response = new byte[512];
                    // CREATE_ID's answer is the new id in its first u32.
                    response[0] = (byte) nextId;
                    nextId++;
                    p.executed(e, response);
                }
            }
        }
        return out;
    }

    private static String check(byte[] written, RdmaCmDecision d) {
        if (d instanceof Refuse r) {
            assertTrue(r.errno() > 0 && r.errno() < 4096, "a refusal carries an errno: " + r);
            assertTrue(
                    r.reason().startsWith("rdma_cm: ") && r.reason().indexOf('\n') < 0,
                    "a refusal is one rdma_cm line: " + r.reason());
            return "refuse " + r.errno() + " " + r.reason();
        }
        Execute e = (Execute) d;
        byte[] bytes = e.bytes();
        assertEquals(written.length, bytes.length, "the sentry writes as many bytes as the guest");
        for (GuestPointer p : e.pointers()) {
            assertTrue(
                    p.offset() >= 0 && p.offset() + 8 <= bytes.length && p.length() >= 0,
                    "pointer " + p + " lies inside the command");
        }
        return "execute " + e.command().name() + " " + Arrays.hashCode(bytes);
    }
}
