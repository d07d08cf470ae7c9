package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IoctlTest {

    /** name, encoded by Ioctl, the kernel's value, dir, type, nr, size. */
    static Stream<Arguments> knownRequests() {
        return Stream.of(
                Arguments.of(
                        "TIOCGPTN", Ioctl.ior('T', 0x30, 4), 0x80045430, Ioctl.READ, 'T', 0x30, 4),
                Arguments.of(
                        "TIOCSPTLCK",
                        Ioctl.iow('T', 0x31, 4),
                        0x40045431,
                        Ioctl.WRITE,
                        'T',
                        0x31,
                        4),
                Arguments.of("TIOCGPTPEER", Ioctl.io('T', 0x41), 0x5441, Ioctl.NONE, 'T', 0x41, 0),
                Arguments.of(
                        "RDMA_VERBS_IOCTL",
                        Ioctl.iowr(0x1b, 1, 24),
                        0xc0181b01,
                        Ioctl.READ | Ioctl.WRITE,
                        0x1b,
                        1,
                        24),
                Arguments.of(
                        "NV_ESC_RM_CONTROL",
                        Ioctl.iowr('F', 0x2a, 32),
                        0xc020462a,
                        Ioctl.READ | Ioctl.WRITE,
                        'F',
                        0x2a,
                        32),
                Arguments.of(
                        "SECCOMP_IOCTL_NOTIF_RECV",
                        Ioctl.iowr('!', 0, 80),
                        0xc0502100,
                        Ioctl.READ | Ioctl.WRITE,
                        '!',
                        0,
                        80),
                Arguments.of(
                        "SECCOMP_IOCTL_NOTIF_ID_VALID",
                        Ioctl.iow('!', 2, 8),
                        0x40082102,
                        Ioctl.WRITE,
                        '!',
                        2,
                        8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("knownRequests")
    void encodesLikeTheKernel(
            String name, int encoded, int kernel, int dir, int type, int nr, int size) {
        assertEquals(
                kernel,
                encoded,
                name + " encodes to " + Ioctl.hex(kernel) + ", got " + Ioctl.hex(encoded));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("knownRequests")
    void decodesTheKernelsValue(
            String name, int encoded, int kernel, int dir, int type, int nr, int size) {
        assertEquals(dir, Ioctl.dir(kernel), name + " _IOC_DIR");
        assertEquals(type, Ioctl.type(kernel), name + " _IOC_TYPE");
        assertEquals(nr, Ioctl.nr(kernel), name + " _IOC_NR");
        assertEquals(size, Ioctl.size(kernel), name + " _IOC_SIZE");
        assertEquals(
                kernel & 0xffff, Ioctl.typeNr(kernel), name + " type and nr without dir and size");
        assertEquals(
                kernel,
                Ioctl.ioc(
                        Ioctl.dir(kernel),
                        Ioctl.type(kernel),
                        Ioctl.nr(kernel),
                        Ioctl.size(kernel)),
                name + " re-encodes from its decoded fields");
    }

    @Test
    void legacyTtyNumbersDecodeAsNoDirectionNoSize() {
        int tiocswinsz = 0x5414;
        assertEquals(Ioctl.NONE, Ioctl.dir(tiocswinsz), "legacy TIOCSWINSZ carries no direction");
        assertEquals(0, Ioctl.size(tiocswinsz), "legacy TIOCSWINSZ carries no size");
        assertEquals('T', Ioctl.type(tiocswinsz), "legacy tty numbers are still type 'T'");
    }

    @Test
    void sizeAndDirDifferButTypeNrIsShared() {
        int a = Ioctl.iowr('F', 0x2a, 32);
        int b = Ioctl.iowr('F', 0x2a, 40);
        int c = Ioctl.ior('F', 0x2a, 32);
        assertEquals(Ioctl.typeNr(a), Ioctl.typeNr(b), "a size change keeps type/nr");
        assertEquals(Ioctl.typeNr(a), Ioctl.typeNr(c), "a direction change keeps type/nr");
    }

    @Test
    void hexIsEightDigitsUnsigned() {
        assertEquals(
                "0x80045430",
                Ioctl.hex(0x80045430),
                "a negative int prints as its unsigned 32 bits");
        assertEquals("0x00005441", Ioctl.hex(0x5441), "zero-padded to eight digits");
        assertEquals("0xc020462a", Ioctl.hex(0xc020462a), "lower-case hex");
        assertEquals("0xffffffff", Ioctl.hex(-1), "all bits");
        assertEquals("0x00000000", Ioctl.hex(0), "no bits");
    }

    @Test
    void sizeBounds() {
        assertEquals(
                Ioctl.MAX_SIZE,
                Ioctl.size(Ioctl.ior('x', 1, Ioctl.MAX_SIZE)),
                "the largest size (2^14-1) round-trips");
        assertEquals(0x3fff, Ioctl.MAX_SIZE, "_IOC_SIZEBITS is 14");
        assertThrows(
                IllegalArgumentException.class,
                () -> Ioctl.ior('x', 1, Ioctl.MAX_SIZE + 1),
                "size 2^14 does not fit");
        assertThrows(IllegalArgumentException.class, () -> Ioctl.iow('x', 1, -1), "negative size");
    }

    @Test
    void typeAndNrAreMaskedToOneByte() {
        int cmd = Ioctl.io(0x1ff, 0x2ab);
        assertEquals(0xff, Ioctl.type(cmd), "type is one byte");
        assertEquals(0xab, Ioctl.nr(cmd), "nr is one byte");
        assertEquals(Ioctl.NONE, Ioctl.dir(cmd), "overlong type/nr do not spill into dir");
        assertEquals(0, Ioctl.size(cmd), "overlong type/nr do not spill into size");
    }

    @Test
    void signExtendedRequestDecodesFromItsLow32Bits() {
        long fromRegister = (long) 0xc020462a; // sign-extended to 0xffffffffc020462a
        int cmd = (int) fromRegister;
        assertEquals(0xc020462a, cmd, "truncation as the kernel does");
        assertEquals(Ioctl.READ | Ioctl.WRITE, Ioctl.dir(cmd), "dir of a sign-extended request");
        assertEquals(32, Ioctl.size(cmd), "size of a sign-extended request");
    }
}
