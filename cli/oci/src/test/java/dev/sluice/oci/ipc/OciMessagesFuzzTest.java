package dev.sluice.oci.ipc;

import com.code_intelligence.jazzer.junit.FuzzTest;

import dev.sluice.sentry.ipc.ProtocolProperties;

import java.util.List;

/**
 * The OCI runtime's protocols under coverage-guided fuzzing: arbitrary bytes as one frame, then as
 * a message of each (sluice-client's, the runtime service's, a sentry daemon's report, requests on
 * {@code sentry.sock} and their answers). Each must refuse what is not its message with a {@link
 * dev.sluice.sentry.ipc.ProtocolException} that says why, and what it accepts re-decodes to itself
 * ({@link ProtocolProperties}).
 *
 * <p>Plain {@code mvn verify} runs the target on the inputs under {@code
 * OciMessagesFuzzTestInputs/}; the fuzz execution in cli/oci/pom.xml fuzzes it.
 */
class OciMessagesFuzzTest {
    @FuzzTest(maxDuration = "10s")
    void decode(byte[] bytes) {
        ProtocolProperties.decode(
                bytes,
                List.of(
                        ClientMessage.PROTOCOL,
                        ServiceMessage.PROTOCOL,
                        DaemonReport.PROTOCOL,
                        SentryRequest.PROTOCOL,
                        SentryAnswer.PROTOCOL,
                        SpareMessage.PROTOCOL));
    }
}
