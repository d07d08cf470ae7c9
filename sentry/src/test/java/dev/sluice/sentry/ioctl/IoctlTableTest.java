package dev.sluice.sentry.ioctl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IoctlTableTest {
    private static final int CONT = Ioctl.ior('F', 0x10, 8);
    private static final int EMU = Ioctl.iowr('F', 0x2a, 32);
    private static final int GATED = Ioctl.iowr('F', 0x30, 16);
    private static final int KNOWN_DENIED = Ioctl.iow('F', 0x50, 4);
    private static final long CAP_A = 1L << 3;
    private static final long CAP_B = 1L << 5;
    private static final int MY_UNKNOWN = Errno.EOPNOTSUPP;

    private IoctlHandler emuHandler;
    private IoctlHandler gatedHandler;
    private IoctlTable table;

    @BeforeEach
    void setUp() {
        emuHandler = mock(IoctlHandler.class);
        gatedHandler = mock(IoctlHandler.class);
        when(emuHandler.handle(any(), any()))
                .thenReturn(new Verdict(IoctlResult.value(42), "EMU sub"));
        when(gatedHandler.handle(any(), any()))
                .thenReturn(new Verdict(IoctlResult.value(7), "GATED"));
        table =
                IoctlTable.builder("test")
                        .unknownErrno(MY_UNKNOWN)
                        .continueCall(CONT, "CONT")
                        .emulate(EMU, "EMU", emuHandler)
                        .add(
                                new IoctlEntry(
                                        GATED,
                                        "GATED",
                                        Disposition.EMULATE,
                                        gatedHandler,
                                        Ioctl.dir(GATED),
                                        Ioctl.size(GATED),
                                        CAP_A))
                        .knownName(KNOWN_DENIED, "KNOWN_DENIED")
                        .build();
    }

    private static IoctlCall call(int cmd) {
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, cmd, 0x7ffd1000L));
        return c;
    }

    @Test
    void continueRowContinues() {
        Verdict v = table.dispatch(call(CONT), 0);
        IoctlResult r = v.result();
        assertInstanceOf(IoctlResult.Continue.class, r, "a CONTINUE row answers Continue");
        assertEquals("CONT", v.name(), "under the row's name");
        assertEquals(Disposition.CONTINUE, r.disposition(), "counted as CONTINUE");
        verify(emuHandler, never()).handle(any(), any());
    }

    @Test
    void emulateRowRunsItsHandlerWithItsEntry() {
        IoctlCall c = call(EMU);
        Verdict v = table.dispatch(c, 0);
        assertEquals(
                IoctlResult.value(42),
                v.result(),
                "an EMULATE row answers with its handler's result");
        assertEquals("EMU sub", v.name(), "under the name its handler gave");
        verify(emuHandler).handle(c, table.lookup(EMU));
    }

    @Test
    void emulateRowMetadataFollowsTheEncoding() {
        IoctlEntry e = table.lookup(EMU);
        assertEquals(Ioctl.READ | Ioctl.WRITE, e.dir(), "emulate() takes dir from _IOC_DIR");
        assertEquals(32, e.paramSize(), "emulate() takes paramSize from _IOC_SIZE");
        assertEquals(0L, e.capabilities(), "emulate() rows are always enabled");
    }

    @Test
    void unknownRequestIsDeniedWithTheTablesErrno() {
        Verdict v = table.dispatch(call(Ioctl.iowr('F', 0x77, 8)), ~0L);
        IoctlResult.Denied d =
                assertInstanceOf(
                        IoctlResult.Denied.class, v.result(), "a request with no row is denied");
        assertEquals(IoctlTable.UNKNOWN, v.name(), "named unknown");
        assertEquals(MY_UNKNOWN, d.errno(), "denied with unknownErrno");
        assertTrue(d.reason().contains("test"), "the reason names the proxy: " + d.reason());
    }

    @Test
    void defaultUnknownErrnoIsEnotty() {
        IoctlTable t = IoctlTable.builder("p").continueCall(CONT, "CONT").build();
        IoctlResult.Denied d =
                assertInstanceOf(
                        IoctlResult.Denied.class, t.dispatch(call(EMU), 0).result(), "unknown");
        assertEquals(Errno.ENOTTY, d.errno(), "ENOTTY unless the table says otherwise");
    }

    @Test
    void knownButDeniedRequestIsStillDenied() {
        Verdict v = table.dispatch(call(KNOWN_DENIED), ~0L);
        IoctlResult.Denied d =
                assertInstanceOf(IoctlResult.Denied.class, v.result(), "a knownName is not a row");
        assertEquals("KNOWN_DENIED", v.name(), "but names the denial");
        assertEquals(MY_UNKNOWN, d.errno(), "denied with unknownErrno");
    }

    @Test
    void sameTypeAndNrWithAnotherSizeIsEinvalNamingTheNearRow() {
        int wrongSize = Ioctl.iowr('F', 0x2a, 40);
        IoctlResult r = table.dispatch(call(wrongSize), ~0L).result();
        IoctlResult.Denied d =
                assertInstanceOf(IoctlResult.Denied.class, r, "a size mismatch is denied");
        assertEquals(Errno.EINVAL, d.errno(), "a size mismatch is EINVAL, not unknownErrno");
        assertTrue(d.reason().contains("EMU"), "the reason names the near row: " + d.reason());
        assertTrue(
                d.reason().contains(Ioctl.hex(EMU)),
                "the reason gives the near row's request: " + d.reason());
        assertTrue(
                d.reason().contains("40") && d.reason().contains("32"),
                "the reason gives both sizes: " + d.reason());
        verify(emuHandler, never()).handle(any(), any());
    }

    @Test
    void sameTypeAndNrWithAnotherDirectionIsEinval() {
        int wrongDir = Ioctl.ior('F', 0x2a, 32);
        IoctlResult.Denied d =
                assertInstanceOf(
                        IoctlResult.Denied.class,
                        table.dispatch(call(wrongDir), ~0L).result(),
                        "a direction mismatch is denied");
        assertEquals(Errno.EINVAL, d.errno(), "a direction mismatch is EINVAL");
    }

    @Test
    void capabilityGatedRowNeedsItsCapability() {
        Verdict refused = table.dispatch(call(GATED), 0);
        assertEquals(
                "GATED", refused.name(), "a row refused for its capability goes by the row's name");
        IoctlResult without = refused.result();
        IoctlResult.Denied d =
                assertInstanceOf(
                        IoctlResult.Denied.class,
                        without,
                        "a gated row is denied without its capability");
        assertEquals(MY_UNKNOWN, d.errno(), "denied like an unknown request");
        IoctlResult other = table.dispatch(call(GATED), CAP_B).result();
        assertInstanceOf(IoctlResult.Denied.class, other, "another capability does not enable it");
        verify(gatedHandler, never()).handle(any(), any());

        assertEquals(
                IoctlResult.value(7),
                table.dispatch(call(GATED), CAP_A).result(),
                "allowed with its capability");
        assertEquals(
                IoctlResult.value(7),
                table.dispatch(call(GATED), CAP_A | CAP_B).result(),
                "allowed with more capabilities");
    }

    @Test
    void duplicateRowIsRejected() {
        IoctlTable.Builder b = IoctlTable.builder("dup").continueCall(CONT, "CONT");
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> b.emulate(CONT, "CONT_AGAIN", emuHandler),
                        "a request may have one row");
        assertTrue(
                e.getMessage().contains(Ioctl.hex(CONT)),
                "the message names the request: " + e.getMessage());
    }

    @Test
    void entryInvariants() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new IoctlEntry(EMU, "X", Disposition.DENY, null, 0, -1, 0),
                "a DENY row is meaningless");
        assertThrows(
                IllegalArgumentException.class,
                () -> new IoctlEntry(EMU, "X", Disposition.EMULATE, null, 0, -1, 0),
                "EMULATE needs a handler");
        assertThrows(
                IllegalArgumentException.class,
                () -> new IoctlEntry(EMU, "X", Disposition.CONTINUE, emuHandler, 0, -1, 0),
                "CONTINUE must not have a handler");
        IoctlEntry ok = new IoctlEntry(EMU, "X", Disposition.CONTINUE, null, 0, -1, 0);
        assertNull(ok.handler(), "a CONTINUE row has no handler");
    }

    @Test
    void namesRowsKnownNamesAndUnknown() {
        assertEquals("EMU", table.name(EMU), "a row's name");
        assertEquals("CONT", table.name(CONT), "a CONTINUE row's name");
        assertEquals("KNOWN_DENIED", table.name(KNOWN_DENIED), "a knownName for a denied request");
        assertEquals("unknown", table.name(Ioctl.io('Z', 1)), "anything else");
    }

    @Test
    void entriesKeepInsertionOrderAndLookupMisses() {
        List<Integer> cmds = table.entries().stream().map(IoctlEntry::cmd).toList();
        assertEquals(
                List.of(CONT, EMU, GATED),
                cmds,
                "entries() lists rows in the order they were added");
        assertNull(table.lookup(KNOWN_DENIED), "a knownName has no row");
        assertSame(
                table.lookup(EMU),
                table.entries().stream().filter(e -> e.cmd() == EMU).findFirst().orElseThrow(),
                "lookup() and entries() return the same row");
    }
}
