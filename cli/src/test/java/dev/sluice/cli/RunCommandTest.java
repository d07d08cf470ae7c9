package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** {@code sluice run}'s option parsing, without running anything (running needs root). */
class RunCommandTest {
    /** Parses as Main does: everything after CMD belongs to CMD. */
    private static RunCommand parse(String... args) {
        RunCommand c = new RunCommand();
        new CommandLine(c).setStopAtPositional(true).parseArgs(args);
        return c;
    }

    @Test
    void rdmaGenericTakesOnlyAnAttachedValue() {
        assertNull(parse("--rdma", "rxe0", "ibv_devinfo").rdmaGeneric, "absent: null (off)");
        RunCommand plain = parse("--rdma", "rxe0", "--rdma-generic", "ibv_devinfo", "-l");
        assertEquals("true", plain.rdmaGeneric, "alone it means true");
        assertEquals(
                List.of("ibv_devinfo", "-l"),
                plain.command,
                "the argument after it is the command, not the option's value");
        assertEquals(
                "true",
                parse("--rdma-generic", "--", "true").rdmaGeneric,
                "before --: true, and `true` is the command");
        assertEquals(
                List.of("true"),
                parse("--rdma-generic", "--", "true").command,
                "the command after --");
        RunCommand forced = parse("--rdma", "rxe0", "--rdma-generic=force", "--", "ib_write_bw");
        assertEquals("force", forced.rdmaGeneric, "=force attached");
        assertEquals(List.of("ib_write_bw"), forced.command, "the command");
        assertEquals(
                "false",
                parse("--rdma-generic=false", "true").rdmaGeneric,
                "=false is passed on; SandboxPolicy checks every value");
    }

    @Test
    void theHelpSaysWhatRdmaGenericDoesAndForWhom() {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(new RunCommand());
        cl.setOut(new PrintWriter(out));
        cl.usage(new PrintWriter(out));
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("--rdma-generic[=force]"), "its synopsis: " + help);
        assertTrue(
                help.contains("host driver has no RDMAProxy plugin")
                        && help.contains("generic plugin")
                        && help.contains("--rdma-generic=force serves every device"),
                "what it does, for which drivers, and the forced form: " + help);
    }
}
