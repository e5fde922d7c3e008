/**
 * The clip the admin screen's "Test" button sends to the transcription endpoint: espeak-ng
 * saying "Voice Journal test. One, two, three." (2.9 s, Opus in Ogg, 16 kHz mono, 4 kB), made with
 *   espeak-ng -w clip.wav "Voice Journal test. One, two, three."
 *   ffmpeg -i clip.wav -ac 1 -ar 16000 -c:a libopus -b:a 12k clip.ogg
 * Kept in the source so the compiled server needs no asset beside it.
 */
export const AI_TEST_CLIP_TEXT = "Voice Journal test. One, two, three.";
export const AI_TEST_CLIP_MIME = "audio/ogg";

export const aiTestClip = (): Buffer =>
  Buffer.from(
    [
      "T2dnUwACAAAAAAAAAADqaaWQAAAAADHBksMBE09wdXNIZWFkAQE4AYA+AAAAAABPZ2dTAAAAAAAAAAAAAOpppZABAAAAcprRJwE+T3B1c1RhZ3MNAAAATGF2",
      "ZjU5LjI3LjEwMAEAAAAdAAAAZW5jb2Rlcj1MYXZjNTkuMzcuMTAwIGxpYm9wdXNPZ2dTAACAuwAAAAAAAOpppZACAAAATsSGgjIRGh0cKCwkJigqJyMeIBga",
      "ISIgJRkWGSMtJiMiHCMUIRwZKBoYHCEWIR0eGxwgHhMSD0gAnI1Q5wD6d7q0elfVVzaHSILf6nON5CPo49yN1NZrOtVZjPzNL8maiyBIgzoooU1yvjaf0wRe",
      "OjuQf7sqYN3m9hwBAJ838EiDXTyFPjZs3USmvC8t0wXLOVxkjdhISjyJNqBIshb4DmHxThBkPNe/IGe9wfhdseFZ4DFQb5gLjm6ON6MdbWYoqaeASLKfuX1N",
      "RRv5RCmsF2WTf3jy+BkDZK1ujKt146gCr3LpAI50A4y+M1YkhHVIts3Ok+GMdY55HkI5DmnaM8N0SmyTetNkZNpj6vqr2FVuDYBItt1FJG9kM4jJK8KxsS3R",
      "V6KtUkqSERnHXSF+uZTRcts4ryUVwEi2uc4hDBE0C+OVIiqaFHEcGIz8hckAAa/CZGex7HD87Pq4CPwQxmBItQwI/Azim+5dfAU5ztgDjgi4bulFuI2UrpNV",
      "wb0yznnppOdlR4bHC8BIsV0Mste+AEmJP8cZMfSIRDaV8wrVfaKKa0rErbFeg6qqwYpsVphIhQY3YvPEWT83rl9qt35JuvUh52+5ELtHkX6e5y3XawX7IEiW",
      "vKWpLEyl8Wm0BQHZSLMprVoNoKqHX8JZd/rLgEiW+QPPescIEwQaQT+wduhcPxFtemHFyRPoNX+fDaaASJcWfGYIQrn2YiJL41pCdesOUXPfmXDoSD93cAQy",
      "Exa/96M94Hq83o32z9Pgb8rnrDhIpByLoqR9JK2AF3LLS/G1Sa0OHvZ8e/kC6Lnr5H3MhMhIv8H5+JFQuuEDqr6JngDaJabF+gLhBvtlX+8BwdIt1BK6SLvp",
      "Qpjgoeu0hXdINLhSri9BRl3eAHHRnqMgDy03x9hIuNOLy4RYZ+AMEkFegHZv4+ftKzd+Fhj4duJCImpM0Vn+NCNASLhn3TZe8fhQOcYU4Gl49YekcRTyU/Br",
      "qEi2i/5u6HxUgMag2lFYupaMZu7FjFZIszvJVGxEF+DWsaS3j2A8XvdR5zdUFxXkSLGj2WQ9h4RdShs9pvoMypK44dn3UdzlVJ2OdYSqoI39kgRIpBCouDTk",
      "QaPhobFHTrh6zEqTEmVaV4Jxk1icQNbLtZ0iX2TXV5YB/K8VAoBItD0BU0Fl5HNhcNp/4gmltU+qfgc9bNRtsMma5WhhciH2Axh/s0iv+Ukl5k30U3sC1veU",
      "uGJhLu9rMy8975Ldp4NLc2QAea+ASKoMYEnE3OfRVMUT2n0H/nsi2zZipsy6J1Xjq87QDXY9gEirC0n/SYd/q02p7Jq6NEcgIOn7lcttUdgY0vRIgxaAGDxC",
      "qgRslmT+XtVK9/X1yMAvuswx++e1i1RqFfQqeEgowMEdTRHa6a92l9kGVhO5eD0gSJiNRuaVNajb3eyesuBvoxg9MZpn8qhoFOmTDoq6yV2ASJVmo6jK87q5",
      "9oRzg8xFt5FRPUawq6Qd4zBcwEiFeq+EH9SD8kvu33uDzXy5M0K29P5Gj4BItow1wo9T2v+JR1VySdAze8+0mSLXAMIumSwQAnmI32pzlecvp85ASLVxkZW4",
      "uq8tJCYdRjKhsgIY6rD3iggJfXZItptF++yLduwg7odxL9Bdz4XTzNJDLkxItqhfyRz3s4Bd1I5FYtRQbpMUS9rP3AiRKplgSLXKnlEwguSKAGV/2AnHwBmp",
      "gHABKZkvhjE6kzG+xJPgSLFVn8DZ3vyw6Vv+HvJGMq/0Mb7rgEiolqlXzwqkTwKPSjt56wmM3ZRU5YpPaEv2T+kl7ZnvYEiV0gce4gm9w3vEXTqiG/lOH+xJ",
      "i/ZZVOHZWXf+SJYzDraa99pn9sF/+wwqv34m0SiV6CfjThQvQZSsSIU7VnH3eO/HqpOkM+/jNC6sfKkmabbSMi4QSLSvOIvJmOc4I2SAcdU/NaVh2AhhGGSp",
      "t0cYQEiVDD+eFEShBXngHEdrXOXnNAsCtmv+mav7A0w0XwrASJYWSM8JzKdjwI9S1ZyNz2k5/RdcP0LQoebh116oSLL8QCEh4MBWjvwU5Vyai/o1wEg0NUEd",
      "TRG5YP18nykazOn/TEgM5fgSonjnA+LvKnKfhU9nZ1MAAAB3AQAAAAAA6mmlkAMAAAB4+4yhMg0QEA8RDA8REhEWGS0iJSooKiIfJyEqKyEgJyMdFAkICAgI",
      "CAgICAgZICQrKCknJBwgSAs/56vWfxonF4up80gKgqTFI0FAk4/K2rbxWiRICZykxSXOd7eHAXTkczYgSAmcpMUjR4tAjhA34pq7SAi2pMUnHw1MqevXGiK9",
      "rMBICLsTueRf4iy2yu5ICLakxSXQX71H5j/IuL9ICJ6MPp3bieInx6wEj6FCekgH0KTFVCl5cVdxMRMfu4aaXUgH0KTFIz+XzBNF6l1QzghwSAfQpMUl42th",
      "Opr2U9dl/AJFsPDPXkiGBy30+kCQBSt430XNIJ18hQOu3CKH4YZIgTYaUDL+GASjnwe7prsITwiDxsNrTMp4KTwAo1qfL8cAci2e/xUzxoxLSNBIm8okyWBo",
      "8h+l+iJ1Kr9/0CgwqMabxvS92zjdDKR6kCIQSJzAzBwqjDBqn40ujSCn+29krollqnCP7GUccB2XaC0qgh9nwEigMJgaR1ZWvdsd4JDcXNjjZ2rrdaMeRFz9",
      "ENZVuB4Tywz+nvs89iZuEEikEGoL04AIhPNNbDVep58wo/S7wDOlq64u6EwtcVbsG8o93cEW+b5IqiIUXjEiDs8XeNUsxs8tw0RrBkbhckI4nAjclfuphK/w",
      "+kvghSXJB9BIsOuMXAaFN+fGepyzWJqAtSxZkSeTjJUm1nkUWy34dNB6SLPCi5LrA/ROPJr4VIwEtzOkFFOOe118X92PlMHGYEiz5eKzpGqYh6XkBJzNsAaq",
      "VPBvpvwSfxc4sUJOaPWuJDVnWArirkix217gq4W3lGUiHMmYnCemf+OYC9hF55oVt9Zh43RA4EixWharAhjWQuqIiexOcXggsTHi4/8esByetieWLjZLgK6P",
      "8coPk6uskEiqLAInIFNur6jon7AE+y3LfNyMUhqun9/fqEJb8n3GHd5igCD8x61naexIqUHubpnyALogIae2ZUtwyEYFjSigI3zR1sVe3ycOzCBIpfvo47aw",
      "dqwWmzQm51lg+HkyPoxRRCEtOYd5IXGHiEilWhPBUHwcdCnMNZnninGtxdr8XT58iIY0gu/zk+lCkOBwjntBqkimZ7u+iB/Y8orutOzZbssDiamtW1DEfCl4",
      "uwNAhAGqQd/SSKStymlZJda8YGeSe7/SgwlgEV4lEQ/DaLsM7iBINDVBV5QzF0+byhxVvgJZ9uedQEgMysE3Aamf9kgHyXnIyVfASAfJecjJV8BIB8l5yMlX",
      "wEgHyXnIyVfASAfJecjJV8BIB8l5yMlXwEgHyXnIyVfASAfJecjJV8BIB8l5yMlXwEiCiZQHooBQfgzS+ttk/Do7oNNX0n8e8ypIlRFTd3NvbB0ZSsIq8NmQ",
      "qgdw7gJQ8Wi+yZv21D7SKkiFVEPsd1/v1dCuWiXF3xh3nATTxzAgKAuH7e7SfQz8cK8qJEiwoNeDA0t9jZ4pPI2HwHKT26nrB0uYc/nPlYVtuWIJX5C0KnTp",
      "YRMg54BIuFUP2mLvznYpfjkEjCMdZs9YA0xqPU+OAJ61krE1j4346ArDfbygSLh+BFe0FTUCOX7NkLmFi5+QFs8LWSjxBzxX2SURbVSOHEzlbxFFiCRItD8D",
      "3K9Nr0mX0EeXuFaSUx/uupJZPjNxnS8SwNcQDhRFCZFFcvBIsZb7DILFyUrUqtnA0oxIjTg/YVhx35uSZ9Ba1wacVQBhZoBIscuR/dypX2C4H7x/t8Cz7Sbo",
      "b8BWV3fqdP4USLFhfmAOxyJFCg8nLTN4uvR/MRqeWK2txbFUGTHTkhBPZ2dTAASwIAIAAAAAAOpppZAEAAAApgEiui4jIichEREREQ8VERYYLB0fFx4iKCkt",
      "KykkHSMcJBMTERAUGBEICAgICAgICAgISKxuiwPM7wiKRRFGEXWQaeL/SjudB+isHJrdvoQ1rxY2vTdIqr5KlQRTk7rhn2U+VDM/a/YqIBP4jxSGrykNRYRn",
      "gcWASKsTmHGvocQOoDyOw05VPC5C3QTQ5gtpqdQTJNB5YSX6XidNNvYESKlbfyfu5RDa0sOFqvgVsDlrklUxYPtuc6LH4qHkMQvsSDiPUHmsKu0CCXMZo2ay",
      "RbJIFx8TNlMlCzCyGZrxYEMkQEgItqTFJdIlgxmglUgpMYRASAi2pMUl0MN/QSF0TK5dzuBICLakxVL9HaIi47McZ2BICG2gveFODOtzcTneX3WDYe12vEBI",
      "B9CkxSjO8pdQ0hA0Q5N2eEgH0KTFJ0TkC+0E3OdpvE7jVtH/OsBIB9CkxSdE5AwvsWfyOItLWNystuWnioBIvYCaB4IhDHz3/QW7CVaG2o1dxTQ1mBgJMS4z",
      "Csa+FArsP+0I9rNw7wHxcEiSmPbSkwWTSFAqd3lsLNKFauJd1k67VWIMq8g4SIQV9C8oN5Q8VTUynamxtWT1b0vp0VlnRv/9oNQucEiEFHDF0AdxqnI/OdOk",
      "xX1RG/ioOJ7ASIQjsfOHHw9hQaDyp/iOVp7ihoFvH6hzkXqdUstASK5xjaS2oh1VDe8jsPy8rCFAAKv4JnMBFcoINZV7D5xmQEirZu3RZ+Ryvhigbv1oZhrY",
      "zp16mUxhhKU8QkKJ5jwc227RCc/WkuRIrzpZeuywT3jerZSCX+ooETnLlokZvIcJMvlveHomgeAKRK1gcn4q5Ui29R8XSuwd8F2uJa7KuYpjwzMtW+w+dIHX",
      "C5EoLfaBQl8awCbaCCO12C7P4Ei3dNVcSBrf7DrSXSolIslfCxgQg6/G562BSLOMNxIPJSPIbr1j2O5nGSBIteXn3C+m0sM62XrQ/qLoktT5kAQktvCHK20A",
      "LQsEmZQCrqn0vcNXIki01zRpySFjMqryHhSR7tflHM4LThq3yYet0B5U3C+wFQMPIEiz042OdtKEXZ8+xuZe3GAv7naOjYN6e6c/GnMsSLNef5HJ/Xyg3RA3",
      "kRhrnJpypxY4b0JT4eeOvtbJd88+ykBIri+VuZuuO9GDNWjZSYDtGopmNuJBYtC8XuD4SIQA/5uegunLIJvlORhTdF/7chw5iGuG0Onv3bCsHU8nr4aOSDYe",
      "AHmsK/nk1Z7ar4MuQiSYgEgNsUSKg4p+QPEGOR/1y95NiqBICLakxVLoeIJkleguSOFYeUgItqTFJdIlfITpH+9sgV1IB9CkxSdU6TTpl59a/1bwxd6t/UgH",
      "0KTFI1j8rL92MiH6EsaLXtXMR5jhQEgH1Rl6FujZK8yvUUL7kBWQSAfJecjJV8BIB8l5yMlXwEgHyXnIyVfASAfJecjJV8BIB8l5yMlXwEgHyXnIyVfASAfJ",
      "ecjJV8BIB8l5yMlXwEgHyXnIyVfASAfJecjJV8A=",
    ].join(""),
    "base64",
  );
