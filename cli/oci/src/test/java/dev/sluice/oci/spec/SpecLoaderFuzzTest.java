package dev.sluice.oci.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The OCI {@code config.json} loader under coverage-guided fuzzing: the input is the file's bytes,
 * read as a bundle's config ({@link SpecLoader#parse} then {@link SpecValidator#validate}, what
 * {@link SpecLoader#load} does after reading the file) and as a process.json ({@code exec
 * --process}: {@link SpecLoader#parse} of a {@link Spec.Process} then {@link
 * SpecValidator#validateProcess}).
 *
 * <p>Checked on every input: the only failure is a {@link SpecException} whose message names the
 * file (never a Jackson exception, a {@link NullPointerException} or any other escape), and loading
 * is deterministic: the same bytes give an equal spec or the same message.
 */
class SpecLoaderFuzzTest {
    private static final String FILE = "/bundle/config.json";

    @FuzzTest(maxDuration = "10s")
    void configJson(byte[] json) {
        assertEquals(load(json), load(json), "the same bytes load the same way");
        assertEquals(
                loadProcess(json),
                loadProcess(json),
                "the same bytes load the same way as a process.json");
    }

    /** The spec, or the message of its refusal. */
    private static Object load(byte[] json) {
        try {
            Spec spec = SpecLoader.parse(json, FILE);
            SpecValidator.validate(spec, FILE);
            return spec;
        } catch (SpecException e) {
            return refusal(e);
        }
    }

    private static Object loadProcess(byte[] json) {
        try {
            Spec.Process p = SpecLoader.parse(json, FILE, Spec.Process.class);
            SpecValidator.validateProcess(p, FILE);
            return p;
        } catch (SpecException e) {
            return refusal(e);
        }
    }

    private static String refusal(SpecException e) {
        assertTrue(
                e.getMessage().startsWith(FILE + ": "),
                "a refusal names the file: " + e.getMessage());
        return e.getMessage();
    }
}
